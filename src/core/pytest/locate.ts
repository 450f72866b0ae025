import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { CanceledError, throwIfAborted, UserError } from '../errors';
import { pythonHelpersDir } from '../files/resources';
import { readLocateReply, type LocatedFile, type LocateRequest } from '../wire';

// Which files named by traceback TEXT are the user's code, and how a frame names them. The
// rule has one owner, the Python side (src/python/deepdebug/workspace.py): the plugin and the
// worker apply it to live frames, and text read without a live interpreter (a crashed test's
// faulthandler dump, pytest's output when a conftest.py failed to import, another test
// controller's message) is located by the same code, run here as `python -m deepdebug.locate`
// with the interpreter the tests ran with, whose prefix and library folders it excludes.
// Nothing here decides it: an interpreter that cannot answer is an error, never a guess.

export interface LocateOptions {
  /** The folder the tests ran in: relative names in the text are relative to it. */
  workspace: string;
  /** The interpreter the tests ran with. */
  python: string;
  /** Extra environment over this process's own, as the tests had it. */
  env?: Record<string, string>;
  signal?: AbortSignal;
}

/** The helper starts an interpreter and imports only the standard library: seconds at the very most. */
const LOCATE_TIMEOUT_MS = 30_000;
const OUTPUT_LIMIT = 16 * 1024 * 1024;

/**
 * Each file as a frame names it (workspace-relative POSIX when it is the user's, else
 * absolute), in the order given. Throws UserError('no-python') when the interpreter cannot be
 * started, an Error when the helper fails, a WireError when its answer does not match this
 * build's, CanceledError when `signal` aborts.
 */
export async function locateFiles(files: readonly string[], options: LocateOptions): Promise<LocatedFile[]> {
  throwIfAborted(options.signal);
  if (files.length === 0) return [];
  const unique = [...new Set(files)];
  const request: LocateRequest = { workspace: options.workspace, files: unique };
  const reply = readLocateReply(await runLocator(JSON.stringify(request), options), unique.length);
  // The reply has one entry per requested file: `!` below says so.
  const located = new Map(unique.map((file, i) => [file, reply.files[i]!]));
  return files.map((file) => located.get(file)!);
}

function runLocator(request: string, options: LocateOptions): Promise<string> {
  const helpers = pythonHelpersDir();
  const inherited = { ...process.env, ...options.env };
  return new Promise((resolve, reject) => {
    const child = execFile(
      options.python,
      ['-m', 'deepdebug.locate'],
      {
        // Not the workspace: `-m` puts the current folder first on sys.path, and a user module
        // must not shadow the helpers or the standard library.
        cwd: helpers,
        env: {
          ...inherited,
          PYTHONPATH: [helpers, inherited.PYTHONPATH].filter((entry) => entry).join(path.delimiter),
          PYTHONDONTWRITEBYTECODE: '1',
        },
        encoding: 'utf8',
        timeout: LOCATE_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        maxBuffer: OUTPUT_LIMIT,
        signal: options.signal,
      },
      (error, stdout, stderr) => {
        if (!error) {
          resolve(stdout);
          return;
        }
        const failure = error as NodeJS.ErrnoException & { killed?: boolean; signal?: NodeJS.Signals | null };
        if (options.signal?.aborted || failure.name === 'AbortError') reject(new CanceledError());
        else if (typeof failure.code === 'string' && failure.syscall?.startsWith('spawn')) {
          reject(new UserError('no-python', `cannot run the Python interpreter "${options.python}" (${failure.code})`));
        } else if (failure.killed && failure.signal === 'SIGKILL') {
          reject(
            new Error(
              `the Python interpreter "${options.python}" did not say within ${LOCATE_TIMEOUT_MS / 1000} s which of a traceback's files are the user's`,
            ),
          );
        } else {
          const last =
            stderr
              .split('\n')
              .filter((line) => line.trim())
              .at(-1)
              ?.trim() ?? failure.message;
          reject(new Error(`DeepDebug's Python helper deepdebug.locate failed with the interpreter "${options.python}": ${last}`));
        }
      },
    );
    // An interpreter that exits before reading its request closes the pipe: its exit says why.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(request);
  });
}
