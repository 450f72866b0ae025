import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';
import type { AnalyzeReport, FixReport } from '../../src/core/types';
import { copyFixture, fixturePath, hashTree, removeCopy } from '../helpers/workspace';

// The `deepdebug` command as users and benchmarks run it: the bundle, real pytest, real files.

interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

function deepdebug(args: string[], env: NodeJS.ProcessEnv = {}): CliRun {
  const child = spawnSync(process.execPath, [path.join(packageRoot(), 'dist', 'cli.js'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 240_000,
  });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

/** The last non-empty stderr line: where the one clear error message goes. */
function lastErrorLine(run: CliRun): string {
  return run.stderr.trim().split('\n').at(-1) ?? '';
}

describe('deepdebug CLI', function () {
  this.timeout(300_000);
  let workspace: string;
  let reportFile: string;

  beforeEach(() => {
    workspace = copyFixture('cli-bug');
    reportFile = `${workspace}.report.json`;
  });
  afterEach(() => {
    removeCopy(workspace);
    fs.rmSync(reportFile, { force: true });
  });

  it('fix: finds a validated patch, reports it per the contract, and leaves the workspace unchanged', () => {
    const before = hashTree(workspace);
    const run = deepdebug(['fix', workspace, '--no-model', '--time-budget', '120', '--json', reportFile, '--verbose']);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(hashTree(workspace), before, 'fix without --apply changed the workspace');
    // The first fix is printed as the search finds it, with its diff, then confirmed by its clean re-check.
    const found = run.stderr.search(
      /^\[[\d.]+s\] found a fix, re-checking it in a clean copy of the workspace: geometry\/ranges.py clamp: /m,
    );
    const confirmed = run.stderr.search(/^\[[\d.]+s\] the fix passed its clean re-check /m);
    assert.ok(found >= 0 && confirmed > found, run.stderr);
    assert.match(run.stderr.slice(found, confirmed), /\n--- a\/geometry\/ranges.py\n\+\+\+ b\/geometry\/ranges.py\n/);

    const report: FixReport = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
    assert.equal(report.version, 1);
    assert.deepEqual(
      report.failures.map((f) => f.nodeid),
      ['tests/test_ranges.py::test_clamp_above'],
    );
    assert.equal(report.suspects[0]?.function, 'clamp');
    assert.equal(report.suspects[0]?.file, 'geometry/ranges.py');
    const best = report.patches[0]!;
    assert.equal(best.file, 'geometry/ranges.py');
    assert.equal(best.source, 'template');
    assert.match(best.newFileText, /if value > high:\n\s+return high/);
    assert.equal(best.validation.failingFixed, best.validation.failingTotal);
    assert.equal(best.validation.suitePassed, best.validation.suiteTotal);
    assert.ok(report.stats.candidatesValidated >= 1 && report.stats.candidatesGenerated >= report.stats.candidatesValidated);
    assert.ok(report.stats.timeToFirstFixMs !== null && report.stats.timeToFirstFixMs <= report.stats.elapsedMs);
    assert.match(run.stdout, /Validated patches: \d+/);
    // Explained from its clean re-check, which ran the whole run's passing tests (they are quick).
    assert.deepEqual(best.explanation, {
      fixed: [
        {
          nodeid: 'tests/test_ranges.py::test_clamp_above',
          before: { kind: 'test', error: 'AssertionError: assert 0 == 10' },
          after: 'passed',
        },
      ],
      others: { passedBefore: 4, ran: 4, passed: 4 },
    });
    assert.match(run.stdout, /^ {3}test_clamp_above failed with AssertionError: assert 0 == 10; now it passes$/m);
    assert.match(run.stdout, /^ {3}all 4 other tests of this run ran under the patch and still pass$/m);

    // The diff is what `patch -p1` applies in the workspace root.
    const dryRun = spawnSync('patch', ['-p1', '--dry-run'], { cwd: workspace, input: best.diff, encoding: 'utf8' });
    assert.equal(dryRun.status, 0, dryRun.stdout + dryRun.stderr);

    // Where the time went: the stages in the order they start, each within the run; --verbose prints them.
    const timeline = report.stats.timeline ?? [];
    // The validator starts beside the first run (early-start.ts), at the run's start.
    const order = [
      'pool-start',
      'first-run',
      'localize',
      'reproduce',
      'search',
      'first-candidate',
      'first-fix',
      'recheck-wait',
      'replay',
      'ranking',
    ];
    const starts = order.map((step) => timeline.find((entry) => entry.step === step)?.startMs ?? -1);
    assert.ok(
      starts.every((start, i) => start >= 0 && (i === 0 || start >= starts[i - 1]!)),
      JSON.stringify(timeline),
    );
    assert.ok(
      timeline.every((entry) => entry.startMs <= entry.endMs && entry.endMs <= report.stats.elapsedMs),
      JSON.stringify(timeline),
    );
    assert.ok(!timeline.some((entry) => entry.step === 'model-load' || entry.step === 'neighbours-run'), 'no model, no selection');
    assert.match(
      run.stdout,
      /^Timeline:\n {2}step +start s +end s +took s\n {2}validator start +0\.00 +\d+\.\d\d +\d+\.\d\d\n {2}first pytest run +0\.0\d +\d+\.\d\d +\d+\.\d\d$/m,
    );
    assert.match(run.stdout, /^ {2}first validated +(\d+\.\d\d) +\1 +0\.00$/m);
  });

  it('fix --apply: writes the best patch, after which the suite passes', () => {
    const run = deepdebug(['fix', workspace, '--no-model', '--time-budget', '120', '--apply']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /Applied to geometry\/ranges\.py/);
    const pytest = spawnSync('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider'], {
      cwd: workspace,
      encoding: 'utf8',
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
    });
    assert.equal(pytest.status, 0, pytest.stdout);
  });

  it('analyze: failures, ranked suspects and the top suspect skeleton, workspace unchanged', () => {
    const before = hashTree(workspace);
    const run = deepdebug(['analyze', workspace, '--json', reportFile]);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(hashTree(workspace), before);
    const report: AnalyzeReport = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
    assert.equal(report.failures[0]?.exception, 'AssertionError');
    assert.equal(report.suspects[0]?.function, 'clamp');
    // The failing frame is the test's own assertion: only the coverage spectrum points at clamp.
    assert.ok(
      report.suspects[0]!.reasons.some((r) => /^DStar/.test(r)),
      report.suspects[0]!.reasons.join('; '),
    );
    assert.match(report.skeleton?.skeleton ?? '', /# target edit\n\s*def clamp[\s\S]*# end/);
    assert.equal(report.stats.coverageRecorded, true);
  });

  it('a selection limits the run: --tests with a passing test leaves nothing to fix (exit 3)', () => {
    const run = deepdebug(['fix', workspace, '--no-model', '--tests', 'tests/test_ranges.py::test_clamp_inside']);
    assert.equal(run.status, 3, run.stderr);
    assert.match(run.stdout, /No failing tests/);
  });

  it('a green suite: exit 3, nothing to fix', () => {
    const run = deepdebug(['fix', fixturePath('cli-green'), '--no-model']);
    assert.equal(run.status, 3, run.stderr);
  });

  it('bad input: one clear error line and exit 2', () => {
    const missing = deepdebug(['fix', path.join(workspace, 'nope')]);
    assert.equal(missing.status, 2);
    assert.match(lastErrorLine(missing), /^deepdebug: workspace not found/);

    const noTests = deepdebug(['fix', fixturePath('pytest-no-tests'), '--no-model']);
    assert.equal(noTests.status, 2);
    assert.match(lastErrorLine(noTests), /^deepdebug: .*no tests/i);

    const noPython = deepdebug(['analyze', workspace, '--python', '/nonexistent/python3']);
    assert.equal(noPython.status, 2);
    assert.match(lastErrorLine(noPython), /^deepdebug: cannot run the Python interpreter/);

    const usage = deepdebug(['fix']);
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /^deepdebug: expected exactly one workspace folder/);
  });

  it('--help: the usage on stdout, exit 0; a misused option: its line, then the usage on stderr, exit 2', () => {
    for (const args of [['--help'], ['fix', '--help'], ['analyze', '-h']]) {
      const help = deepdebug(args);
      assert.equal(help.status, 0, args.join(' '));
      assert.match(help.stdout, /^usage:\n {2}deepdebug fix <workspace>/);
      assert.equal(help.stderr, '');
    }
    const none = deepdebug([]);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /^deepdebug: missing command\nusage:/);
    const unknown = deepdebug(['fix', workspace, '--frobnicate']);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /^deepdebug: unknown option "--frobnicate"\nusage:/);
    assert.equal(unknown.stdout, '');
  });

  it('a syntax error in the code under test: exit 2 with the error located', () => {
    const syntax = copyFixture('pytest-syntax-error');
    try {
      const before = hashTree(syntax);
      const run = deepdebug(['fix', syntax, '--no-model']);
      assert.equal(run.status, 2, run.stdout + run.stderr);
      assert.match(lastErrorLine(run), /^deepdebug: cannot collect the tests: SyntaxError .*\.py:\d+/);
      assert.deepEqual(hashTree(syntax), before);
    } finally {
      removeCopy(syntax);
    }
  });

  it('a flaky test is reported and not repaired', () => {
    const flaky = copyFixture('validate-flaky');
    try {
      // Relative to the workspace, so the validator's re-run counts in its own copy of it: the
      // only place a sandboxed test may write.
      const run = deepdebug(['fix', flaky, '--no-model', '--json', reportFile, '--tests', 'test_flaky.py::test_flaky'], {
        DEEPDEBUG_FLAKY_COUNTER: 'runs.txt',
      });
      const report: FixReport = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
      assert.deepEqual(report.flaky, ['test_flaky.py::test_flaky']);
      assert.deepEqual(report.patches, []);
      assert.equal(run.status, 3, run.stderr);
      assert.match(run.stdout, /Flaky \(passed on re-run, not repaired\): test_flaky\.py::test_flaky/);
    } finally {
      removeCopy(flaky);
    }
  });
});
