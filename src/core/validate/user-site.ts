import { execFile } from 'node:child_process';

// Where the interpreter finds the packages installed with `pip install --user`: its user base,
// asked of it once per interpreter with the user's own environment. Candidates run with HOME
// (and on Windows USERPROFILE) moved into their world, which would move the user base with it
// and hide those packages, so the world names the real one (PYTHONUSERBASE). Asked, not
// assumed: ~/.local on Linux, ~/Library/Python/X.Y for a macOS framework build,
// %APPDATA%\Python on Windows, or the user's own PYTHONUSERBASE.

const PROBE_TIMEOUT_MS = 10_000;
const asked = new Map<string, Promise<string | null>>();

/** The interpreter's user base; null where it cannot say (it does not start: the worker's own start reports that). */
export function userBaseOf(python: string): Promise<string | null> {
  let answer = asked.get(python);
  if (!answer) {
    answer = new Promise((resolve) => {
      execFile(
        python,
        ['-c', 'import site; print(site.getuserbase())'],
        { timeout: PROBE_TIMEOUT_MS, windowsHide: true, encoding: 'utf8' },
        (error, stdout) => resolve(error ? null : stdout.trim() || null),
      );
    });
    asked.set(python, answer);
  }
  return answer;
}
