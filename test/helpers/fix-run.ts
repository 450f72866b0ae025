import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';
import type { FixReport } from '../../src/core/types';
import { copyFixture, hashTree, removeCopy } from './workspace';

// `deepdebug fix` on a copy of a fixture, without the model, and plain pytest on a patched
// copy: for tests of what the search finds and how it ranks it.

export interface FixRun {
  report: FixReport;
  /** The copy it ran on: remove it with removeCopy. */
  workspace: string;
  stdout: string;
  stderr: string;
  status: number | null;
}

/** The CLI's fix on a fresh copy of `fixture`, which it must leave unchanged; `env`: variables of the user's shell. */
export function fix(fixture: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}): FixRun {
  const workspace = copyFixture(fixture);
  const reportFile = `${workspace}.json`;
  const before = hashTree(workspace);
  const run = spawnSync(
    process.execPath,
    [path.join(packageRoot(), 'dist', 'cli.js'), 'fix', workspace, '--no-model', '--json', reportFile, ...extra],
    { encoding: 'utf8', timeout: 240_000, env: { ...process.env, ...env } },
  );
  assert.deepEqual(hashTree(workspace), before, 'the workspace is unchanged');
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as FixReport;
  fs.rmSync(reportFile, { force: true });
  return { report, workspace, stdout: run.stdout, stderr: run.stderr, status: run.status };
}

/** Whether the patched file passes the fixture's whole suite under plain pytest; `env`: the user's variables. */
export function passesPlainPytest(fixture: string, file: string, text: string, env: NodeJS.ProcessEnv = {}): boolean {
  const copy = copyFixture(fixture);
  try {
    fs.writeFileSync(path.join(copy, file), text);
    const run = spawnSync('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider'], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, ...env, PYTHONDONTWRITEBYTECODE: '1' },
    });
    return run.status === 0;
  } finally {
    removeCopy(copy);
  }
}
