import * as assert from 'node:assert/strict';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { packageRoot } from '../../src/core/files/resources';
import { processesIn } from './processes';
import { copyFixture, removeCopy } from './workspace';

// The real `deepdebug` command (dist/cli.js) as a terminal runs it, and the checks that a run
// left nothing behind, for the tests of its bad inputs, faults and exits.

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export type CliProcess = ChildProcessByStdio<null, Readable, Readable>;

export interface CliOptions {
  /** The private temp folder the run gets as TMPDIR: whatever it leaves there is a leak. */
  tmp: string;
  env?: NodeJS.ProcessEnv;
  /** A command the CLI runs under, e.g. bubblewrap with a read-only mount. */
  wrap?: string[];
  /** Called with each progress line on stderr, and the CLI's process (the leader of its process group). */
  onStderrLine?: (line: string, cli: CliProcess) => void;
}

const CLI = path.join(packageRoot(), 'dist', 'cli.js');

/** The CLI as a terminal runs it: the leader of its own process group (Ctrl-C goes to the group). */
export function deepdebug(args: string[], options: CliOptions): Promise<CliRun> {
  const command = [...(options.wrap ?? []), process.execPath, CLI, ...args];
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, ...options.env, TMPDIR: options.tmp },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) options.onStderrLine?.(line, child);
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The lines the CLI addresses to the user; progress lines ("[1.2s] ...") are not among them. */
export function messages(run: CliRun): string[] {
  return run.stderr.split('\n').filter((line) => line.startsWith('deepdebug: '));
}

export function assertOneMessage(run: CliRun, wording: RegExp): void {
  const said = messages(run);
  assert.equal(said.length, 1, `expected one message on stderr, got:\n${run.stderr}`);
  assert.match(said[0]!, wording);
  assert.doesNotMatch(run.stderr, /internal error|^\s+at /m, 'a stack trace or an internal error instead of a message');
}

/** The engine's temp folders in `tmp`. */
export function tempFoldersIn(tmp: string): string[] {
  return fs.readdirSync(tmp).filter((name) => name.startsWith('deepdebug-'));
}

/** No process of the run is left (after a short grace for the kernel to reap). */
export async function assertNoProcessLeft(workspace: string, tmp: string): Promise<void> {
  let left = processesIn([workspace, tmp]);
  for (let tries = 0; left.length > 0 && tries < 20; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    left = processesIn([workspace, tmp]);
  }
  assert.deepEqual(left, [], 'processes of the run are still running');
}

/** Nothing left: no process of the run, no temp folder of ours. */
export async function assertNothingLeft(workspace: string, tmp: string): Promise<void> {
  await assertNoProcessLeft(workspace, tmp);
  assert.deepEqual(tempFoldersIn(tmp), [], 'temp folders left in the temp dir');
}

/**
 * For a suite of CLI cases: a fresh private temp folder per case (`tmp()`) and fresh copies of
 * fixtures (`workspaceOf`), all removed after the case. Call it inside `describe`.
 */
export function caseFolders(prefix: string): { tmp: () => string; workspaceOf: (fixture: string) => string } {
  const cleanup: string[] = [];
  let tmp = '';
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    cleanup.push(tmp);
  });
  afterEach(() => {
    for (const folder of cleanup.splice(0)) removeCopy(folder);
  });
  return {
    tmp: () => tmp,
    workspaceOf(fixture: string): string {
      const copy = copyFixture(fixture);
      cleanup.push(copy);
      return copy;
    },
  };
}

/** The CLI showed a patch: a fix (exit 0) or, where nothing beyond the failing tests confirms it, an unconfirmed one (exit 4). */
export function assertPatchShown(status: number | null, stderr: string): void {
  assert.ok(status === 0 || status === 4, `exit ${status}: ${stderr}`);
}
