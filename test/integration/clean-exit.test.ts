import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeOwner } from '../../src/core/files/temp-folders';
import {
  assertNoProcessLeft,
  assertNothingLeft,
  assertOneMessage,
  caseFolders,
  deepdebug,
  tempFoldersIn,
  type CliProcess,
  type CliRun,
} from '../helpers/cli';
import { processesIn, waitFor } from '../helpers/processes';
import { hashTree } from '../helpers/workspace';

// Ending a run from outside, through the real `deepdebug` command: SIGTERM and SIGHUP stop it
// as Ctrl-C does (exit 128 + the signal's number), a closed output pipe stops it quietly (141),
// and each time the workers and the temp folders go with it. A run killed outright cannot
// clean up: its workers die with it, and the next run removes the folders it left.

const validatorCopies = (tmp: string): string[] => tempFoldersIn(tmp).filter((name) => name.startsWith('deepdebug-validate-'));

/** Sets a file's or folder's times `ageMs` into the past. */
function age(file: string, ageMs: number): void {
  const then = new Date(Date.now() - ageMs);
  fs.utimesSync(file, then, then);
}

describe('clean exits: the deepdebug CLI stopped from outside', function () {
  this.timeout(300_000);
  const folders = caseFolders('clean-exit-tmp-');
  const { workspaceOf } = folders;
  let tmp: string;
  beforeEach(() => (tmp = folders.tmp()));

  interface StoppedRun {
    run: CliRun;
    workspace: string;
    /** The --json report: written only by a run that finished. */
    report: string;
  }

  /**
   * `deepdebug fix` on a copy of bad-slow (every test takes a second), stopped by `stop` as it
   * starts generating candidates: its validator's copy of the workspace and workers are there
   * then, and it still has progress to write. The workspace must be unchanged afterwards.
   */
  async function stoppedRun(stop: (cli: CliProcess) => void): Promise<StoppedRun> {
    const workspace = workspaceOf('bad-slow');
    const report = path.join(tmp, 'report.json');
    const before = hashTree(workspace);
    let stoppedAt: string | null = null;
    let copiesThen: string[] = [];
    let runningThen: string[] = [];
    const run = await deepdebug(['fix', workspace, '--no-model', '--time-budget', '60', '--json', report], {
      tmp,
      onStderrLine: (line, cli) => {
        if (stoppedAt !== null || !/\] generating candidates/.test(line)) return;
        stoppedAt = line;
        void waitFor(() => validatorCopies(tmp).length > 0, 5_000, 'no validator copy appeared')
          .catch(() => undefined)
          .then(() => {
            copiesThen = validatorCopies(tmp);
            runningThen = processesIn([workspace, tmp]);
            stop(cli);
          });
      },
    });
    assert.ok(stoppedAt, `the run never reached candidate generation:\n${run.stderr}`);
    // What the leftover checks look for was there when the run was stopped: they can see a leak.
    assert.ok(copiesThen.length > 0, 'no validator copy of the workspace while the run validated');
    assert.ok(runningThen.length > 0, 'no process of the run was visible while it ran');
    assert.deepEqual(hashTree(workspace), before, `the workspace changed\n${run.stderr}`);
    return { run, workspace, report };
  }

  const signals: [NodeJS.Signals, number, string][] = [
    ['SIGTERM', 143, 'terminated'],
    ['SIGHUP', 129, 'hung up'],
  ];
  for (const [signal, status, said] of signals) {
    it(`${signal}: stops as Ctrl-C does, exit ${status}, workers and temp folders gone`, async () => {
      const { run, workspace, report } = await stoppedRun((cli) => cli.kill(signal));
      assert.equal(run.status, status, run.stderr);
      assertOneMessage(run, new RegExp(`^deepdebug: ${said}, nothing changed$`));
      assert.ok(!fs.existsSync(report), 'the run finished instead of stopping');
      await assertNothingLeft(workspace, tmp);
    });
  }

  it('a closed output pipe: the next progress line stops the run quietly, exit 141, workers and temp folders gone', async () => {
    // The reader of stderr goes away (`deepdebug fix ... 2>&1 | head`): the CLI's next write fails with EPIPE.
    const { run, workspace, report } = await stoppedRun((cli) => cli.stderr.destroy());
    assert.equal(run.status, 141, run.stderr);
    assert.ok(!fs.existsSync(report), 'the run finished instead of stopping');
    await assertNothingLeft(workspace, tmp);
  });

  it('a run killed outright: its workers die with it, and the next run removes the folder it left', async () => {
    const { run, workspace } = await stoppedRun((cli) => cli.kill('SIGKILL'));
    assert.equal(run.status, null, run.stderr);
    await assertNoProcessLeft(workspace, tmp);
    const [left, ...others] = validatorCopies(tmp);
    assert.ok(left, 'a run killed outright left no folder: nothing here tests the sweep');
    assert.deepEqual(others, []);
    // Past the few seconds the sweep leaves a folder alone, without waiting for them.
    age(path.join(tmp, left, 'owner.json'), 60_000);
    const next = workspaceOf('cli-bug');
    const nextRun = await deepdebug(['fix', next, '--no-model'], { tmp });
    assert.equal(nextRun.status, 0, nextRun.stderr);
    await assertNothingLeft(next, tmp);
  });

  it("on start, removes the temp folders of runs whose process is gone, never a running process's", async () => {
    /** A folder as a run leaves it, owned by `pid` (none: an older version's), its times `ageMs` back. */
    const leftBehind = async (name: string, pid: number | null, ageMs: number): Promise<void> => {
      const folder = path.join(tmp, name);
      fs.mkdirSync(path.join(folder, 'pristine'), { recursive: true });
      if (pid !== null) {
        await writeOwner(folder, pid);
        age(path.join(folder, 'owner.json'), ageMs);
      }
      age(folder, ageMs);
    };
    const finished = spawnSync('true');
    assert.equal(finished.status, 0);
    const minute = 60_000;
    const day = 24 * 60 * minute;
    await leftBehind('deepdebug-validate-gone', finished.pid, minute);
    await leftBehind('deepdebug-pytest-gone', finished.pid, minute);
    await leftBehind('deepdebug-validate-running', process.pid, 2 * day);
    await leftBehind('deepdebug-validate-unowned-recent', null, minute);
    await leftBehind('deepdebug-validate-unowned-old', null, 2 * day);
    const workspace = workspaceOf('cli-bug');
    const run = await deepdebug(['fix', workspace, '--no-model'], { tmp });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(tempFoldersIn(tmp).sort(), ['deepdebug-validate-running', 'deepdebug-validate-unowned-recent']);
  });
});
