// Starting and stopping code-server (VS Code in the browser) for the end-to-end tests: the
// offline install in .cache/code-server/, the extension staged into a fresh extensions folder,
// a fresh user data folder with test settings, and a teardown that leaves no process behind.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { packagedVsix } from '../helpers/vsix';

/** The repository root: the first folder above this file holding the project's package.json. */
export function repoRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 8; i++) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === 'deepdebug') return dir;
    dir = path.dirname(dir);
  }
  throw new Error(`cannot find the deepdebug package.json above ${__dirname}`);
}

/** The code-server launcher; installs code-server first (scripts/install-code-server.sh) when missing. */
export function codeServerBinary(): string {
  const dir = process.env.CODE_SERVER_DIR ?? path.join(repoRoot(), '.cache', 'code-server');
  const binary = path.join(dir, 'node_modules', '.bin', 'code-server');
  if (!fs.existsSync(binary)) {
    execFileSync('bash', [path.join(repoRoot(), 'scripts', 'install-code-server.sh')], { stdio: 'inherit', timeout: 900_000 });
  }
  return binary;
}

/** Settings of the test user: no telemetry, welcome page, trust prompt or tips in the way. */
export const testUserSettings: Record<string, unknown> = {
  'telemetry.telemetryLevel': 'off',
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'chat.commandCenter.enabled': false,
  'git.enabled': false,
  'files.autoSave': 'off',
  'diffEditor.hideUnchangedRegions.enabled': false,
  'diffEditor.renderSideBySide': true,
  'window.restoreWindows': 'none',
  'deepdebug.pythonPath': 'python3',
};

/**
 * How the extension gets into code-server: `vsix` installs the package (test/helpers/vsix.ts)
 * with --install-extension, as a user would (the default); `unpacked` copies the
 * manifest and bundles into a folder named like an installed extension and links the model
 * and node_modules (a faster loop while developing). DEEPDEBUG_E2E_VSIX names a ready package.
 */
export type InstallMode = 'vsix' | 'unpacked';

export function installMode(): InstallMode {
  return process.env.DEEPDEBUG_E2E_INSTALL === 'unpacked' ? 'unpacked' : 'vsix';
}

let sharedExtensionsDir: string | undefined;

/**
 * An extensions folder with DeepDebug installed, made once per test process and shared by its
 * sessions (packaging and unpacking take tens of seconds); removed when the process exits.
 */
export function preparedExtensionsDir(): string {
  if (sharedExtensionsDir) return sharedExtensionsDir;
  const root = repoRoot();
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  if (!fs.existsSync(path.join(root, manifest.main))) {
    throw new Error(`${manifest.main} is missing: run node scripts/build.mjs first`);
  }
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-e2e-extensions-')));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const extensionsDir = path.join(dir, 'extensions');
  fs.mkdirSync(extensionsDir);
  if (installMode() === 'unpacked') {
    installUnpacked(extensionsDir, root, manifest);
  } else {
    const vsix = process.env.DEEPDEBUG_E2E_VSIX || packagedVsix();
    execFileSync(
      codeServerBinary(),
      ['--extensions-dir', extensionsDir, '--user-data-dir', path.join(dir, 'user-data'), '--install-extension', vsix],
      { stdio: 'pipe', timeout: 180_000, env: codeServerEnv(dir) },
    );
  }
  sharedExtensionsDir = extensionsDir;
  return extensionsDir;
}

function installUnpacked(extensionsDir: string, root: string, manifest: { publisher: string; name: string; version: string }): void {
  const target = path.join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
  fs.mkdirSync(target);
  fs.copyFileSync(path.join(root, 'package.json'), path.join(target, 'package.json'));
  fs.cpSync(path.join(root, 'dist'), path.join(target, 'dist'), { recursive: true });
  if (fs.existsSync(path.join(root, 'media'))) fs.cpSync(path.join(root, 'media'), path.join(target, 'media'), { recursive: true });
  // onnxruntime-node loads from node_modules at run time; the model from models/.
  for (const linked of ['models', 'node_modules']) {
    if (fs.existsSync(path.join(root, linked))) fs.symlinkSync(path.join(root, linked), path.join(target, linked));
  }
}

/**
 * Installs an unpacked extension (a folder with its package.json, e.g. a test fixture) into the
 * shared extensions folder. VS Code removes folders that its list of installed extensions
 * (extensions.json, written by --install-extension) does not name: the folder is added there.
 */
export function installUnpackedFolder(source: string): void {
  const extensionsDir = preparedExtensionsDir();
  const manifest = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8'));
  const name = `${manifest.publisher}.${manifest.name}-${manifest.version}`;
  const target = path.join(extensionsDir, name);
  if (fs.existsSync(target)) return;
  fs.cpSync(source, target, { recursive: true });
  const list = path.join(extensionsDir, 'extensions.json');
  if (!fs.existsSync(list)) return; // no list yet: VS Code takes every folder there
  const installed = JSON.parse(fs.readFileSync(list, 'utf8')) as unknown[];
  installed.push({
    identifier: { id: `${manifest.publisher}.${manifest.name}` },
    version: manifest.version,
    location: { $mid: 1, path: target, scheme: 'file' },
    relativeLocation: name,
    metadata: { installedTimestamp: Date.now(), source: 'vsix' },
  });
  fs.writeFileSync(list, JSON.stringify(installed));
}

export function writeUserSettings(userDataDir: string, extra: Record<string, unknown>): void {
  const userDir = path.join(userDataDir, 'User');
  fs.mkdirSync(userDir, { recursive: true });
  fs.writeFileSync(path.join(userDir, 'settings.json'), JSON.stringify({ ...testUserSettings, ...extra }, null, 2));
}

function codeServerEnv(stateDir: string): NodeJS.ProcessEnv {
  // code-server writes config.yaml and other state under the XDG folders: keep them private.
  return {
    ...process.env,
    XDG_CONFIG_HOME: path.join(stateDir, 'xdg-config'),
    XDG_DATA_HOME: path.join(stateDir, 'xdg-data'),
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function healthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(url, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
    request.setTimeout(2000, () => request.destroy());
  });
}

export interface CodeServer {
  url: string;
  process: ChildProcess;
  logFile: string;
}

export interface CodeServerOptions {
  folder: string;
  userDataDir: string;
  extensionsDir: string;
  logFile: string;
  /** TMPDIR of code-server and all it starts: the extension's scratch copies land here. */
  tmpDir: string;
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  const port = await freePort();
  fs.mkdirSync(options.tmpDir, { recursive: true });
  const log = fs.openSync(options.logFile, 'a');
  // Its own process group, so teardown can end the extension host and everything the
  // extension started with one signal.
  const child = spawn(
    codeServerBinary(),
    [
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--extensions-dir',
      options.extensionsDir,
      '--user-data-dir',
      options.userDataDir,
      options.folder,
    ],
    { detached: true, stdio: ['ignore', log, log], env: { ...codeServerEnv(options.userDataDir), TMPDIR: options.tmpDir } },
  );
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`code-server exited early (${child.exitCode ?? child.signalCode}); see ${options.logFile}`);
    }
    if (await healthy(`${url}healthz`)) return { url, process: child, logFile: options.logFile };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  killGroup(child, 'SIGKILL');
  throw new Error(`code-server did not answer /healthz within 60 s; see ${options.logFile}`);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Processes (pid -> command line) whose process group is `pgid`. */
export function processGroupMembers(pgid: number): Map<number, string> {
  const members = new Map<number, string>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the parenthesized command: state, ppid, pgrp, ...
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') {
        members.set(Number(entry), fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim());
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return members;
}

/**
 * Processes that escaped the group but still run inside `dir` (their working directory or
 * command line mentions it): a detached child the extension forgot to end.
 */
export function processesUsing(dir: string): Map<number, string> {
  const found = new Map<number, string>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const cwd = fs.readlinkSync(`/proc/${entry}/cwd`);
      if (cwd.startsWith(dir) || cmdline.includes(dir)) found.set(Number(entry), cmdline);
    } catch {
      // Ended meanwhile, or not ours to inspect.
    }
  }
  return found;
}

/** Ends code-server and its whole process group: SIGTERM, then SIGKILL after a grace period. */
export async function stopCodeServer(server: CodeServer): Promise<void> {
  const pgid = server.process.pid;
  if (pgid === undefined) return;
  killGroup(server.process, 'SIGTERM');
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && processGroupMembers(pgid).size > 0) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  killGroup(server.process, 'SIGKILL');
  const killDeadline = Date.now() + 5000;
  while (Date.now() < killDeadline && processGroupMembers(pgid).size > 0) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const survivors = processGroupMembers(pgid);
  if (survivors.size > 0) {
    throw new Error(`processes survived SIGKILL: ${[...survivors.values()].join('; ')}`);
  }
}
