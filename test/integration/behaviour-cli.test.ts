import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FixReport } from '../../src/core/types';
import { caseFolders, deepdebug as cli } from '../helpers/cli';
import { hashTree } from '../helpers/workspace';

// `deepdebug fix` and `deepdebug add-test` on test/fixtures/behaviour-basic: each shown patch
// with its confidence, the validated patches' disagreement with a ready test per answer, nothing
// written to the workspace until the user accepts one.

describe('deepdebug fix and add-test: the evidence beyond the tests', function () {
  this.timeout(300_000);
  const folders = caseFolders('deepdebug-behaviour-cli-');
  let workspace: string;
  let reportFile: string;
  const deepdebug = (args: string[]) => cli(args, { tmp: folders.tmp() });

  beforeEach(() => {
    workspace = folders.workspaceOf('behaviour-basic');
    reportFile = path.join(folders.tmp(), 'report.json');
  });

  it("prints each patch's confidence and the disagreement with a test per answer; add-test writes the chosen one", async () => {
    const before = hashTree(workspace);
    const run = await deepdebug(['fix', workspace, '--tests', 'test_stats.py', '--no-model', '--time-budget', '120', '--json', reportFile]);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(hashTree(workspace), before, 'fix wrote to the workspace');
    const report: FixReport = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
    assert.ok(
      report.patches.every((patch) => patch.confidence),
      JSON.stringify(report.patches.map((p) => p.confidence)),
    );
    assert.equal((run.stdout.match(/^ {3}confidence: /gm) ?? []).length, report.patches.length, run.stdout);
    assert.equal(report.stats.behaviour?.recordedCalls, 2);
    // The `//` -> `/` fix, and the same with the unsorted `values` read instead of `ordered`: both pass every test.
    const disagreement = report.disagreement;
    assert.ok(disagreement, run.stdout);
    assert.equal(disagreement.call, 'median([3, 1])');
    const right = disagreement.answers.findIndex((answer) => answer.result === '2.0');
    assert.ok(right >= 0 && disagreement.answers[right]!.test, JSON.stringify(disagreement));
    assert.match(run.stdout, /^The validated patches disagree on median\(\[3, 1\]\) \(before any patch: 2\):$/m);
    assert.ok(run.stdout.includes(`deepdebug add-test ${reportFile} --answer <n>`), run.stdout);
    assert.ok(run.stdout.includes('      assert median([3, 1]) == 2.0'), run.stdout);

    const added = await deepdebug(['add-test', reportFile, '--answer', String(right + 1)]);
    assert.equal(added.status, 0, added.stderr);
    assert.match(added.stdout, /^Added test_median_3_1 to test_deepdebug_median\.py: median\(\[3, 1\]\) gives 2\.0\.$/m);
    const reranked: FixReport = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
    assert.equal(reranked.disagreement?.chosen, right);
    assert.deepEqual(reranked.disagreement?.answers[right]?.patches, [1]);
    // The chosen answer's patch, applied, passes the new test.
    fs.writeFileSync(path.join(workspace, 'stats.py'), reranked.patches[0]!.newFileText);
    execFileSync('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'test_deepdebug_median.py'], {
      cwd: workspace,
      stdio: 'pipe',
    });
  });

  it("the failing test's own input seeds new ones: fixes that agree on it differ on a shorter list", async () => {
    const seeds = folders.workspaceOf('behaviour-seeds');
    const before = hashTree(seeds);
    // top_score reads the first of the sorted scores; its one passing test calls it with [] only.
    const run = await deepdebug(['fix', seeds, '--no-model', '--time-budget', '60', '--json', reportFile]);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(hashTree(seeds), before, 'fix wrote to the workspace');
    const report: FixReport = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
    assert.ok(
      report.patches.some((patch) => /^\+    return ranked\[-1\]$/m.test(patch.diff)),
      run.stdout,
    );
    const disagreement = report.disagreement;
    assert.ok(disagreement, run.stdout);
    assert.match(disagreement.call, /^top_score\(\[\d+(, \d+)?\]\)$/);
    const right = disagreement.answers.find((answer) =>
      answer.patches.some((place) => /^\+    return ranked\[-1\]$/m.test(report.patches[place - 1]!.diff)),
    );
    assert.ok(right && !right.result.startsWith('raises'), JSON.stringify(disagreement));
    assert.ok(
      disagreement.answers.some((answer) => answer !== right),
      'some validated patch answers otherwise',
    );
  });

  it('add-test refuses a report without a disagreement, an answer it does not have, and a test already added', async () => {
    const report = {
      workspace,
      patches: [],
      disagreement: {
        file: 'stats.py',
        function: 'median',
        call: 'median([3, 1])',
        before: '2',
        answers: [{ result: '2.0', patches: [], test: 'def test_median_3_1():\n    pass\n' }],
        testFile: 'test_stats.py',
      },
    };
    fs.writeFileSync(reportFile, JSON.stringify({ ...report, disagreement: undefined }));
    assert.match(
      (await deepdebug(['add-test', reportFile, '--answer', '1'])).stderr,
      /the validated patches agree on every new input, so there is no test to add/,
    );
    fs.writeFileSync(reportFile, JSON.stringify(report));
    const beyond = await deepdebug(['add-test', reportFile, '--answer', '2']);
    assert.deepEqual([beyond.status, beyond.stderr.split('\n')[0]], [2, 'deepdebug: --answer must be 1 to 1, got 2']);
    const first = await deepdebug(['add-test', reportFile, '--answer', '1']);
    assert.equal(first.status, 0, first.stderr);
    assert.match(
      fs.readFileSync(path.join(workspace, 'test_stats.py'), 'utf8'),
      /assert median\(\[7\]\) == 7\n\n\ndef test_median_3_1\(\):\n {4}pass\n$/,
    );
    const again = await deepdebug(['add-test', reportFile, '--answer', '1']);
    assert.deepEqual([again.status, again.stderr], [2, 'deepdebug: test_stats.py already has test_median_3_1; nothing added\n']);
  });
});
