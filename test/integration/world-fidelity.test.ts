import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runPytest } from '../../src/core/pytest/run';
import { packageRoot } from '../../src/core/files/resources';
import type { Candidate, FixReport } from '../../src/core/types';
import { ValidatorPool } from '../../src/core/validate';
import { copyFixture, hashTree, removeCopy } from '../helpers/workspace';

// Reproduce first, on real pytest runs: the unpatched code must fail in the validator's world
// as it failed in the user's run before any patch counts, and the world is made closer to the
// user's (their home as a read-only view inside the sandbox, the variables their tests read).
// Each shown patch is judged as its user would: applied to a copy and run with plain pytest in
// the user's own environment.

const python = 'python3';

function deepdebug(args: string[], env: NodeJS.ProcessEnv): { status: number | null; stderr: string } {
  const child = spawnSync(process.execPath, [path.join(packageRoot(), 'dist', 'cli.js'), ...args], {
    encoding: 'utf8',
    env,
    timeout: 240_000,
  });
  return { status: child.status, stderr: child.stderr };
}

/** The whole suite of `workspace` with `file` replaced, by plain pytest in `env`: its exit status and output. */
function plainPytest(workspace: string, file: string, text: string, env: NodeJS.ProcessEnv): { status: number | null; stdout: string } {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-judge-'));
  try {
    fs.cpSync(workspace, copy, { recursive: true });
    fs.writeFileSync(path.join(copy, file), text);
    const run = spawnSync(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider'], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...env, PYTHONDONTWRITEBYTECODE: '1' },
    });
    return { status: run.status, stdout: run.stdout };
  } finally {
    removeCopy(copy);
  }
}

interface Run {
  workspace: string;
  home: string;
  report: FixReport;
  stderr: string;
  env: NodeJS.ProcessEnv;
}

/** `deepdebug fix` on a copy of `fixture`, as a user whose home is `home` and whose shell sets `extraEnv`. */
function fixAs(fixture: string, home: string, extraEnv: Record<string, string>, args: string[]): Run {
  const workspace = copyFixture(fixture);
  const reportFile = `${workspace}.json`;
  const env = { ...process.env, HOME: home, ...extraEnv };
  try {
    const run = deepdebug(['fix', workspace, '--no-model', '--time-budget', '60', '--json', reportFile, ...args], env);
    assert.ok([0, 1, 4].includes(run.status ?? -1), run.stderr);
    return { workspace, home, report: JSON.parse(fs.readFileSync(reportFile, 'utf8')) as FixReport, stderr: run.stderr, env };
  } finally {
    fs.rmSync(reportFile, { force: true });
  }
}

function assertEveryPatchPassesPlainPytest(run: Run): void {
  for (const patch of run.report.patches) {
    const judged = plainPytest(run.workspace, patch.file, patch.newFileText, run.env);
    assert.equal(judged.status, 0, `shown patch ${patch.summary} fails in the user's own environment:\n${judged.stdout}`);
  }
}

describe('Reproduce first: the world against the user run', function () {
  this.timeout(300_000);
  const made: string[] = [];
  const temp = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) removeCopy(dir);
  });

  for (const sandbox of [true, false]) {
    it(`a home-folder project: ${sandbox ? 'the right fix, and only it, where the sandbox shows the real home' : 'without the sandbox the tests are named as depending on the home, and no patch is shown'}`, function () {
      const home = temp('deepdebug-real-home-');
      fs.mkdirSync(path.join(home, 'precious'));
      fs.writeFileSync(path.join(home, 'precious', 'data.txt'), 'keep me');
      const homeBefore = hashTree(home);
      const run = fixAs('clean-home', home, {}, sandbox ? [] : ['--no-sandbox']);
      made.push(run.workspace);
      if (sandbox && run.report.containment?.sandbox !== 'bubblewrap') this.skip();
      assert.deepEqual(hashTree(home), homeBefore, 'the real home is untouched');
      const failing = ['test_cache.py::test_reset_cache_leaves_empty_folder', 'test_cache.py::test_reset_cache_removes_old_entries'];
      if (sandbox) {
        assert.equal(run.report.world?.home, 'read-only-view');
        assert.deepEqual(run.report.world?.differs, []);
        assert.ok(run.report.patches.length >= 1, run.stderr);
        assert.match(run.report.patches[0]!.diff, /^\+    return sorted\(os\.listdir\(cache_dir\)\)$/m);
        assertEveryPatchPassesPlainPytest(run);
      } else {
        assert.equal(run.report.world?.home, 'private-empty');
        assert.deepEqual(run.report.patches, []);
        assert.deepEqual(
          run.report.world?.differs.map((d) => [d.nodeid, d.yourRun, d.validator]),
          failing.map((nodeid) => [
            nodeid,
            `fails with AssertionError in ${nodeid.split('::')[1]} (test_cache.py)`,
            'fails with FileNotFoundError in reset_cache (cache.py)',
          ]),
        );
        assert.match(
          run.stderr,
          /test_reset_cache_leaves_empty_folder fails with FileNotFoundError in reset_cache \(cache\.py\) in the validator, with AssertionError in test_reset_cache_leaves_empty_folder \(test_cache\.py\) in your run: it depends on something outside the workspace/,
        );
      }
    });
  }

  it('a variable the tests read from the shell reaches the candidates; one that looks like a secret does not, and is named', () => {
    const home = temp('deepdebug-real-home-');
    const run = fixAs('world-env', home, { BANNER_WIDTH: '12', BANNER_TOKEN: 'not-for-candidates' }, []);
    made.push(run.workspace);
    assert.deepEqual(run.report.world?.environment, { passed: ['BANNER_WIDTH'], withheld: ['BANNER_TOKEN'] });
    assert.match(run.stderr, /not passed to candidates because they look like secrets: BANNER_TOKEN/);
    assert.ok(run.report.patches.length >= 1, run.stderr);
    assert.match(run.report.patches[0]!.diff, /^\+    pad = width - len\(title\) - 2$/m);
    assertEveryPatchPassesPlainPytest(run);
  });

  it('a test that writes under the home folder passes in the world; the real home keeps its bytes', () => {
    const home = temp('deepdebug-real-home-');
    const workspace = copyFixture('world-home-writes');
    made.push(workspace);
    // The user's own run wrote the settings file into their home.
    spawnSync(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider'], {
      cwd: workspace,
      env: { ...process.env, HOME: home, PYTHONDONTWRITEBYTECODE: '1' },
    });
    const homeBefore = hashTree(home);
    assert.ok(homeBefore.has(path.join('.prefs-demo', 'prefs.json')));
    for (const args of [[], ['--no-sandbox']]) {
      const run = fixAs('world-home-writes', home, {}, args);
      made.push(run.workspace);
      assert.deepEqual(run.report.world?.differs, [], `${args.join(' ')}: ${run.stderr}`);
      assert.ok(run.report.patches.length >= 1, run.stderr);
      assert.match(run.report.patches[0]!.diff, /^\+    prefs\["volume"\] = prefs\["volume"\] \+ step$/m);
      assert.deepEqual(hashTree(home), homeBefore, 'nothing a candidate wrote reached the real home');
    }
  });

  it('a runaway recursion is the same failure in the world, though the stack there is deeper', () => {
    const home = temp('deepdebug-real-home-');
    const run = fixAs('world-recursion', home, {}, []);
    made.push(run.workspace);
    assert.deepEqual(run.report.world?.differs, [], run.stderr);
    assert.ok(run.report.patches.length >= 1, run.stderr);
    assert.match(run.report.patches[0]!.diff, /^\+    return \[n\] \+ countdown\(n - 1\)$/m);
    assertEveryPatchPassesPlainPytest(run);
  });

  it('an order-dependent failure is named with the test that pollutes it, not called flaky; no shown patch fails the suite in order', () => {
    const home = temp('deepdebug-real-home-');
    const run = fixAs('world-polluter', home, {}, []);
    made.push(run.workspace);
    assert.deepEqual(run.report.flaky, []);
    assert.deepEqual(run.report.world?.orderDependent, [
      { nodeid: 'test_tags.py::test_no_extra_tags', after: ['test_tags.py::test_extra_tags_follow_the_defaults'] },
    ]);
    assert.match(run.stderr, /test_no_extra_tags fails only after test_tags\.py::test_extra_tags_follow_the_defaults \(test pollution/);
    assertEveryPatchPassesPlainPytest(run);
  });
});

describe('ValidatorPool.reproduce', function () {
  this.timeout(120_000);

  function candidate(workspace: string, file: string, from: string, to: string, fn: string): Candidate {
    const source = fs.readFileSync(path.join(workspace, file), 'utf8');
    assert.equal(source.split(from).length, 2, from);
    const newFileText = source.replace(from, to);
    const lines = source.split('\n');
    const startLine = lines.findIndex((line) => line.startsWith(`def ${fn}(`)) + 1;
    const endLine = lines.length - 1;
    return {
      kind: 'candidate',
      file,
      function: fn,
      startLine,
      endLine,
      newFunctionText: newFileText
        .split('\n')
        .slice(startLine - 1, endLine)
        .join('\n'),
      newFileText,
      diff: '',
      source: 'template',
      editKind: 'compare-op',
      summary: to,
      score: 1,
    };
  }

  it('finds the polluter by halving and runs it before the failing test of every candidate', async () => {
    const workspace = copyFixture('world-polluter');
    try {
      const run = await runPytest({ workspace, python, selection: [], coverage: false, perTestTimeoutMs: 0 });
      const failing = run.tests.filter((t) => t.outcome === 'failed').map((t) => t.nodeid);
      const passing = run.tests.filter((t) => t.outcome === 'passed').map((t) => t.nodeid);
      assert.deepEqual(failing, ['test_tags.py::test_no_extra_tags']);
      const pool = await ValidatorPool.start({ workspace, python, failing, passing, workers: 2 });
      try {
        const found = await pool.reproduce(run.tests);
        // Two tests run before it; only the second pollutes it.
        assert.deepEqual(passing, [
          'test_tags.py::test_the_defaults_hold_the_draft_tag',
          'test_tags.py::test_extra_tags_follow_the_defaults',
        ]);
        assert.deepEqual(found, { differs: [], orderDependent: [{ nodeid: failing[0], after: [passing[1]] }], flaky: [] });
        assert.deepEqual(pool.failing, failing);
        // Alone the failing test passes: a patch that changes nothing would "fix" it there.
        const nothing = await pool.validate(
          candidate(workspace, 'tags.py', 'return list(tags)', 'return list(tags)  # unchanged', 'tags_for'),
        );
        assert.equal(nothing.verdict, 'failed', nothing.detail);
        const fix = await pool.validate(candidate(workspace, 'tags.py', 'tags = DEFAULT_TAGS', 'tags = list(DEFAULT_TAGS)', 'tags_for'));
        assert.equal(fix.verdict, 'validated', fix.detail);
      } finally {
        await pool.dispose();
      }
    } finally {
      removeCopy(workspace);
    }
  });

  it('reports a test that passes on a re-run of the unpatched code, in order and alone, as flaky', async () => {
    const workspace = copyFixture('validate-flaky');
    // Relative to the project, so the validator's runs use the counter in their copy of it.
    const previous = process.env.DEEPDEBUG_FLAKY_COUNTER;
    process.env.DEEPDEBUG_FLAKY_COUNTER = 'runs.txt';
    try {
      const run = await runPytest({ workspace, python, selection: [], coverage: false, perTestTimeoutMs: 0 });
      assert.equal(run.tests.find((t) => t.nodeid === 'test_flaky.py::test_flaky')?.outcome, 'failed');
      const pool = await ValidatorPool.start({
        workspace,
        python,
        failing: ['test_flaky.py::test_flaky', 'test_flaky.py::test_broken'],
        passing: ['test_flaky.py::test_fine'],
        workers: 1,
      });
      try {
        assert.deepEqual(await pool.reproduce(run.tests), { differs: [], orderDependent: [], flaky: ['test_flaky.py::test_flaky'] });
        // Reported, not repaired: a patch no longer has to fix it.
        assert.deepEqual(pool.failing, ['test_flaky.py::test_broken']);
      } finally {
        await pool.dispose();
      }
    } finally {
      if (previous === undefined) delete process.env.DEEPDEBUG_FLAKY_COUNTER;
      else process.env.DEEPDEBUG_FLAKY_COUNTER = previous;
      removeCopy(workspace);
    }
  });
});
