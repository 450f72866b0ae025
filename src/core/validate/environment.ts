import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { environmentName, plainEnvironment } from '../process-environment';

// The environment candidates run with: an explicit allow-list, not the host's process.env,
// so tokens and keys in the editor's or the shell's environment stay out of code we did not
// write. Allowed:
//   PATH, LANG, LANGUAGE, TZ, LC_*           what programs and locales need
//   PYTHON*                                  the interpreter's settings (the user's PYTHONPATH
//                                            is kept, after our helpers folder)
//   VIRTUAL_ENV, CONDA_PREFIX, CONDA_DEFAULT_ENV, PYENV_*
//                                            the environment managers that select the interpreter
//   DEEPDEBUG_*                              settings the user's own tests read
//   SYSTEMROOT, COMSPEC, PATHEXT, WINDIR     Windows needs these to start processes at all
// HOME and the temp folder variables point into the validator's private folder.
// Beside the list, the variables the user's own run read (environmentFor): a test that reads
// its settings from the shell must see them in the validator too, or it fails there for a
// reason the user never had. Names that look like secrets are withheld even then.

const ALLOWED_NAMES = new Set([
  'PATH',
  'LANG',
  'LANGUAGE',
  'TZ',
  'VIRTUAL_ENV',
  'CONDA_PREFIX',
  'CONDA_DEFAULT_ENV',
  'SYSTEMROOT',
  'COMSPEC',
  'PATHEXT',
  'WINDIR',
]);
const ALLOWED_PREFIXES = ['LC_', 'PYTHON', 'PYENV_', 'DEEPDEBUG_'];

/** Words that mark a variable as a credential: never passed to code DeepDebug wrote. */
const SECRET =
  /(TOKEN|SECRET|PASSW|PASSPHRASE|CREDENTIAL|AUTH|API_?KEY|ACCESS_?KEY|PRIVATE|_KEY$|^KEY$|COOKIE|SESSION|SIGNATURE|DSN|SALT)/i;

/** The variables of the user's run that candidates get beyond the allow-list, and those withheld as secrets (both only where set on the host). */
export interface PassedEnvironment {
  passed: string[];
  withheld: string[];
}

/** Which of the variables `read` by the user's run are passed through, and which withheld. */
export function environmentFor(host: NodeJS.ProcessEnv, read: readonly string[]): PassedEnvironment {
  const set = read.filter((name) => host[name] !== undefined && !allowed(name) && !OWN.has(name.toUpperCase()));
  return { passed: set.filter((name) => !SECRET.test(name)), withheld: set.filter((name) => SECRET.test(name)) };
}

/** Variables the world sets itself: the user's values would point outside it. */
const OWN = new Set(['HOME', 'USERPROFILE', 'TMPDIR', 'TEMP', 'TMP']);

function allowed(name: string): boolean {
  const upper = name.toUpperCase();
  return ALLOWED_NAMES.has(upper) || ALLOWED_PREFIXES.some((prefix) => upper.startsWith(prefix));
}

export interface PrivateFolders {
  home: string;
  temp: string;
}

/** The allowed part of `host` and the `passed` names, with HOME and TMPDIR moved to the private folders. */
export function candidateEnvironment(
  hostEnvironment: NodeJS.ProcessEnv,
  folders: PrivateFolders,
  helpersDir: string,
  passed: readonly string[] = [],
  userBase: string | null = null,
  platform: NodeJS.Platform = process.platform,
): NodeJS.ProcessEnv {
  const host = plainEnvironment(hostEnvironment, platform);
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(host)) if (value !== undefined && allowed(name)) env[name] = value;
  for (const name of passed) {
    const key = environmentName(name, platform);
    if (host[key] !== undefined) env[key] = host[key];
  }
  env.PYTHONPATH = [helpersDir, host.PYTHONPATH].filter(Boolean).join((platform === 'win32' ? path.win32 : path.posix).delimiter);
  env.PYTHONDONTWRITEBYTECODE = '1';
  // Moving HOME would hide packages installed with `pip install --user` and pyenv's versions,
  // both found through HOME by default: name their real places explicitly (the user base as
  // the interpreter gave it: user-site.ts).
  if (userBase !== null) env.PYTHONUSERBASE ??= userBase;
  const realHome = os.homedir();
  const pyenvRoot = path.join(realHome, '.pyenv');
  if (env.PYENV_ROOT === undefined && fs.existsSync(pyenvRoot)) env.PYENV_ROOT = pyenvRoot;
  env.HOME = folders.home;
  env.USERPROFILE = folders.home;
  env.TMPDIR = folders.temp;
  env.TEMP = folders.temp;
  env.TMP = folders.temp;
  return env;
}
