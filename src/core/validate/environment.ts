import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

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

function allowed(name: string): boolean {
  const upper = name.toUpperCase();
  return ALLOWED_NAMES.has(upper) || ALLOWED_PREFIXES.some((prefix) => upper.startsWith(prefix));
}

export interface PrivateFolders {
  home: string;
  temp: string;
}

/** The allowed part of `host`, with HOME and TMPDIR moved to the private folders. */
export function candidateEnvironment(
  host: NodeJS.ProcessEnv,
  folders: PrivateFolders,
  helpersDir: string,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(host)) if (value !== undefined && allowed(name)) env[name] = value;
  env.PYTHONPATH = [helpersDir, host.PYTHONPATH].filter(Boolean).join(path.delimiter);
  env.PYTHONDONTWRITEBYTECODE = '1';
  // Moving HOME would hide packages installed with `pip install --user` and pyenv's versions,
  // both found through HOME by default: name their real places explicitly.
  const realHome = os.homedir();
  env.PYTHONUSERBASE ??= path.join(realHome, '.local');
  const pyenvRoot = path.join(realHome, '.pyenv');
  if (env.PYENV_ROOT === undefined && fs.existsSync(pyenvRoot)) env.PYENV_ROOT = pyenvRoot;
  env.HOME = folders.home;
  env.USERPROFILE = folders.home;
  env.TMPDIR = folders.temp;
  env.TEMP = folders.temp;
  env.TMP = folders.temp;
  return env;
}
