// The Debian packages the project needs beyond Node, what each is for, how to tell it is
// already there (a user's own install counts), and installing the missing ones with apt: as
// root, or through sudo only when it asks no password (a prompt would hang an unattended run).
// This is the one list: scripts/setup.mjs uses it for npm test, npm run demo, npm run demo:ui
// and .ci/run alike.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';

const succeeds = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const onPath = (...commands) => commands.every((command) => succeeds('sh', ['-c', `command -v ${command}`]));

/**
 * `need` groups the packages: `run` for DeepDebug itself, `code-server` to build code-server
 * (the end-to-end tests and the UI demo), `browser`, `typecheck` and `diffs` for the tests only.
 */
export const systemPackages = [
  {
    name: 'python3-pytest',
    need: 'run',
    why: 'pytest, for python3 and for /usr/bin/python3 (the tests use both)',
    present: () => ['python3', '/usr/bin/python3'].every((python) => succeeds(python, ['-c', 'import pytest'])),
  },
  { name: 'bubblewrap', need: 'run', why: 'the sandbox candidates run in', present: () => onPath('bwrap') },
  { name: 'build-essential', need: 'code-server', why: "compiles code-server's native modules", present: () => onPath('make', 'g++') },
  { name: 'pkg-config', need: 'code-server', why: 'finds the Kerberos headers', present: () => onPath('pkg-config') },
  {
    name: 'libkrb5-dev',
    need: 'code-server',
    why: "the kerberos module's headers",
    present: () => ['/usr/include/krb5.h', '/usr/include/krb5/krb5.h'].some((file) => fs.existsSync(file)),
  },
  { name: 'ripgrep', need: 'code-server', why: "code-server's rg, instead of a download", present: () => onPath('rg') },
  { name: 'chromium', need: 'browser', why: 'the browser the end-to-end tests drive', present: () => onPath('chromium') },
  { name: 'mypy', need: 'typecheck', why: 'type-checks the Python helpers', present: () => onPath('mypy') },
  { name: 'patch', need: 'diffs', why: "checks that DeepDebug's diffs apply with patch -p1", present: () => onPath('patch') },
];

/** How apt can be run here without a prompt: the command prefix, or why it cannot. */
function aptAccess() {
  if (!onPath('apt-get')) return { why: 'no apt-get on this machine' };
  if (process.getuid() === 0) return { prefix: [] };
  if (onPath('sudo') && succeeds('sudo', ['-n', 'true'])) return { prefix: ['sudo', '-n'] };
  return { why: 'not root, and sudo is missing or asks a password' };
}

function apt(prefix, args) {
  const [command, ...rest] = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', '-o', 'DPkg::Lock::Timeout=900', ...args];
  // stdin closed: nothing can wait for an answer.
  return spawnSync(command, rest, { stdio: ['ignore', 'inherit', 'inherit'] }).status === 0;
}

/**
 * Installs what the needs lack. Returns the packages still missing after that, and why they
 * could not be installed.
 */
export function ensureSystemPackages(needs, log) {
  const missing = systemPackages.filter((pkg) => needs.includes(pkg.need) && !pkg.present());
  if (missing.length === 0) return { missing, why: '' };
  const access = aptAccess();
  if (!access.prefix) return { missing, why: access.why };
  log(`installing ${missing.map((pkg) => pkg.name).join(' ')} with apt`);
  const installed =
    apt(access.prefix, ['update', '-qq']) && apt(access.prefix, ['install', '-y', '-qq', ...missing.map((pkg) => pkg.name)]);
  return {
    missing: missing.filter((pkg) => !pkg.present()),
    why: installed ? 'installed, yet not usable from this PATH (another python3 first?)' : 'apt-get failed (see above)',
  };
}
