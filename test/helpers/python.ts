import { execFileSync } from 'node:child_process';

/** The pytest version an interpreter imports; null when it has none. */
export function pytestVersion(interpreter: string): string | null {
  try {
    return execFileSync(interpreter, ['-c', 'import pytest; print(pytest.__version__)'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/**
 * The interpreters the Python helpers are tested with: `python3` and Debian's own (pytest 7,
 * as .ci/run installs python3-pytest), each once and only where it has pytest.
 */
export function pytestInterpreters(): string[] {
  return ['python3', '/usr/bin/python3'].filter((p, i, all) => all.indexOf(p) === i && pytestVersion(p) !== null);
}
