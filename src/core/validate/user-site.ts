import { commandOutput } from '../pytest/interpreter';

// Where the interpreter finds the packages installed with `pip install --user`: its user base,
// asked of it once per interpreter with the user's own environment. Candidates run with HOME
// (and on Windows USERPROFILE) moved into their world, which would move the user base with it
// and hide those packages, so the world names the real one (PYTHONUSERBASE). Asked, not
// assumed: ~/.local on Linux, ~/Library/Python/X.Y for a macOS framework build,
// %APPDATA%\Python on Windows, or the user's own PYTHONUSERBASE.

const asked = new Map<string, Promise<string | null>>();

/** The interpreter's user base; null where it cannot say (it does not start: the worker's own start reports that). */
export function userBaseOf(python: string): Promise<string | null> {
  let answer = asked.get(python);
  if (!answer) {
    answer = commandOutput(python, ['-c', 'import site; print(site.getuserbase())']).then((output) => output?.trim() || null);
    asked.set(python, answer);
  }
  return answer;
}
