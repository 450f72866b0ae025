import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UserError } from '../errors';

// The Python interpreter a run uses when none is named (the CLI's --python, the editor's
// setting or the Python extension's choice come first). On Windows `python3` and `python` on
// PATH are often the Store's aliases, which open the Store instead of running: the Python
// launcher (`py -3`) is asked which interpreter it runs, and that file is used. Elsewhere
// `python3`, or `python` where only that is installed. A batch file (pyenv-win's shims are) is
// no program Windows can spawn: the interpreter it runs is asked once, and that file used. With
// it, the two pieces every question put to an interpreter uses: finding its file on PATH, and a
// short probe's output.

export interface InterpreterHost {
  platform: NodeJS.Platform;
  /** PATH, as the platform reads it. */
  searchPath: string;
  /** The command's standard output, null where it does not run or fails. */
  output(command: string, args: string[]): Promise<string | null>;
  /** A batch file's standard output, run by the shell; null where it does not run or fails. */
  batchOutput(file: string, args: string[]): Promise<string | null>;
}

const PROBE_TIMEOUT_MS = 10_000;

/** A short probe's standard output (an interpreter asked a question); null where it does not run or fails. */
export function commandOutput(command: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) =>
    execFile(command, args, { timeout: PROBE_TIMEOUT_MS, windowsHide: true, encoding: 'utf8' }, (error, stdout) =>
      resolve(error ? null : stdout),
    ),
  );
}

/**
 * A batch file's standard output: Node spawns none without a shell (since the fix of
 * CVE-2024-27980), so cmd.exe runs it, each argument quoted (none may hold a double quote).
 */
function batchOutput(file: string, args: string[]): Promise<string | null> {
  const line = [file, ...args].map((part) => `"${part}"`).join(' ');
  return new Promise((resolve) =>
    execFile(line, [], { shell: true, timeout: PROBE_TIMEOUT_MS, windowsHide: true, encoding: 'utf8' }, (error, stdout) =>
      resolve(error ? null : stdout),
    ),
  );
}

/** The file `command` runs: itself when it has a folder, else the first runnable one of that name in `searchPath`. */
export function findExecutable(
  command: string,
  searchPath: string | undefined,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  const runnable = (file: string) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  };
  if (command.includes('/') || command.includes(path.sep)) return runnable(command) ? command : undefined;
  const extensions = platform === 'win32' ? ['', '.exe', '.cmd', '.bat'] : [''];
  for (const folder of (searchPath ?? '').split(path.delimiter).filter(Boolean)) {
    for (const extension of extensions) {
      const file = path.join(folder, command + extension);
      if (runnable(file)) return file;
    }
  }
  return undefined;
}

const HOST: InterpreterHost = { platform: process.platform, searchPath: process.env.PATH ?? '', output: commandOutput, batchOutput };

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
  const onPath = (name: string): boolean => findExecutable(name, host.searchPath) !== undefined;
  return onPath('python3') || !onPath('python') ? 'python3' : 'python';
}

/**
 * `python` as a program to spawn: on Windows, where it is a batch file, the interpreter that
 * batch file runs (asked of it through the shell); else `python` itself.
 */
export async function spawnableInterpreter(python: string, host: InterpreterHost = HOST): Promise<string> {
  if (host.platform !== 'win32') return python;
  const file = findExecutable(python, host.searchPath, host.platform);
  if (!file || !/\.(bat|cmd)$/i.test(file)) return python;
  const executable = (await host.batchOutput(file, ['-c', 'import sys; print(sys.executable)']))?.trim();
  if (!executable)
    throw new UserError(
      'no-python',
      `the Python interpreter "${python}" is a batch file (${file}) that did not say which interpreter it runs`,
    );
  return executable;
}
