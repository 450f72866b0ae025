import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

// The Python interpreter a run uses when none is named (the CLI's --python, the editor's
// setting or the Python extension's choice come first). On Windows `python3` and `python` on
// PATH are often the Store's aliases, which open the Store instead of running: the Python
// launcher (`py -3`) is asked which interpreter it runs, and that file is used. Elsewhere
// `python3`, or `python` where only that is installed.

export interface InterpreterHost {
  platform: NodeJS.Platform;
  /** PATH, as the platform reads it. */
  searchPath: string;
  /** The command's standard output, null where it does not run or fails. */
  output(command: string, args: string[]): Promise<string | null>;
}

const PROBE_TIMEOUT_MS = 10_000;

const HOST: InterpreterHost = {
  platform: process.platform,
  searchPath: process.env.PATH ?? '',
  output: (command, args) =>
    new Promise((resolve) =>
      execFile(command, args, { timeout: PROBE_TIMEOUT_MS, windowsHide: true, encoding: 'utf8' }, (error, stdout) =>
        resolve(error ? null : stdout),
      ),
    ),
};

let found: Promise<string> | undefined;

/** The interpreter to use when none is named; asked once per process. */
export function defaultPython(): Promise<string> {
  return (found ??= findDefaultPython(HOST));
}

export async function findDefaultPython(host: InterpreterHost): Promise<string> {
  if (host.platform === 'win32') {
    const executable = (await host.output('py', ['-3', '-c', 'import sys; print(sys.executable)']))?.trim();
    return executable || 'python';
  }
  const onPath = (name: string): boolean =>
    host.searchPath
      .split(path.posix.delimiter)
      .filter(Boolean)
      .some((folder) => fs.existsSync(path.join(folder, name)));
  return onPath('python3') || !onPath('python') ? 'python3' : 'python';
}
