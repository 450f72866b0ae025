import * as os from 'node:os';
import * as path from 'node:path';

// Where the interpreter finds the packages installed with `pip install --user`: its user base.
// Candidates run with HOME (and on Windows USERPROFILE) moved into their world, which would move
// the user base with it and hide those packages, so the world names the real one
// (PYTHONUSERBASE). The user's own run says which it is (the plugin's start event:
// site.getuserbase() in the user's environment): ~/.local on Linux, ~/Library/Python/X.Y for a
// macOS framework build, %APPDATA%\Python on Windows, or the user's own PYTHONUSERBASE. Sessions
// started beside that run, before it can say, take the likely one, and are not used where the
// run says otherwise (early-start.ts). Asking the interpreter apart would cost the sessions'
// start a whole interpreter start (half a second through a pyenv shim on a loaded machine).

/** The user base the interpreter most likely has, before its own run says. */
export function likelyUserBase(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string | null {
  if (env.PYTHONUSERBASE) return env.PYTHONUSERBASE;
  if (platform === 'win32') return env.APPDATA ? path.win32.join(env.APPDATA, 'Python') : null;
  return path.join(home, '.local');
}
