import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';
import type { FixReport } from '../../src/core/types';
import { assertPatchShown } from '../helpers/cli';
import { copyFixture, hashTree, removeCopy } from '../helpers/workspace';

// A bug that makes every test reaching it loop forever: after the first test hits its timeout
// the others get a short one, in the first run and in the validator, so the run does not spend
// its budget waiting and the fix is still found.

describe('Tests that loop forever', function () {
  this.timeout(300_000);

  it('get a short limit once one timed out, in the first run and for candidates; the fix is found', () => {
    const workspace = copyFixture('hang-every-test');
    const reportFile = `${workspace}.json`;
    try {
      const before = hashTree(workspace);
      const run = spawnSync(
        process.execPath,
        [path.join(packageRoot(), 'dist', 'cli.js'), 'fix', workspace, '--no-model', '--time-budget', '60', '--json', reportFile],
        { encoding: 'utf8', timeout: 240_000 },
      );
      assertPatchShown(run.status, run.stderr);
      const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as FixReport;
      const timeouts = report.failures.filter((failure) => failure.kind === 'timeout').map((failure) => failure.message);
      assert.equal(timeouts.length, 3, JSON.stringify(report.failures, null, 1));
      // The first looping test gets the run's limit (a quarter of the budget), the others the short one.
      assert.match(timeouts[0]!, /per-test timeout of 15 s/);
      assert.match(timeouts[1]!, /per-test timeout of 2 s/);
      assert.match(timeouts[2]!, /per-test timeout of 2 s/);
      // The CLI warns of each test that did not finish by itself.
      assert.equal(
        run.stderr.match(/^deepdebug: warning: test_countdown\.py::\w+: test exceeded the per-test timeout/gm)?.length,
        3,
        run.stderr,
      );
      // Candidates get limits from the tests' durations (first 4-10 s, after a timeout 1-2 s for
      // tests this quick), the short one from the start here.
      const limits = /(\d+) s wall \((\d+) s once one timed out\)/.exec(report.containment!.summary);
      assert.ok(limits, report.containment!.summary);
      assert.ok(Number(limits[1]) >= 4 && Number(limits[1]) <= 10 && Number(limits[2]) <= 2, report.containment!.summary);
      assert.match(report.patches[0]!.diff, /^\+\s+n -= 1$/m);
      assert.deepEqual(hashTree(workspace), before);
    } finally {
      removeCopy(workspace);
      fs.rmSync(reportFile, { force: true });
    }
  });
});
