import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runPytest } from '../../src/core/pytest/run';
import type { Candidate, TestResult } from '../../src/core/types';
import { ValidatorPool } from '../../src/core/validate';
import { fix, passesPlainPytest, type FixRun } from '../helpers/fix-run';
import { copyFixture, removeCopy } from '../helpers/workspace';

// Harm outside the project, on real pytest sessions, with and without the sandbox: a candidate
// whose tests delete, truncate or rewrite a file or folder outside the workspace copy and the
// tests' own temp folders, which the unpatched code's tests left alone, is rejected however its
// tests end; writing new files, the tests' tmp_path and what the suite itself does are fine. The
// user's files outside stay as they were. The home is a folder of the test's own (HOME), holding
// a folder the candidates must not delete.

const python = 'python3';
const FILE = 'tally.py';
const FAILING = ['test_tally.py::test_counts_words'];
const PASSING = ['test_tally.py::test_first_word'];

/** count_words fixed, after `before` (lines of Python) ran. */
function fixedAfter(source: string, before: string[], summary: string): Candidate {
  const start = source.indexOf('def count_words(path):');
  const end = source.indexOf('\n\n\ndef first_word');
  const body = [...before, 'with open(path) as handle:', '    return len(handle.read().split())'];
  const newFunctionText = ['def count_words(path):', ...body.map((line) => `    ${line}`)].join('\n');
  const startLine = source.slice(0, start).split('\n').length;
  return {
    kind: 'candidate',
    file: FILE,
    function: 'count_words',
    startLine,
    endLine: source.slice(0, end).split('\n').length,
    newFunctionText,
    newFileText: `${source.slice(0, start)}${newFunctionText}${source.slice(end)}`,
    diff: '',
    source: 'template',
    editKind: 'compare-op',
    summary,
    score: 1,
  };
}

const quietly = (statement: string): string[] => ['try:', `    ${statement}`, 'except OSError:', '    pass'];

for (const sandbox of [true, false]) {
  describe(`Harm outside the project (${sandbox ? 'sandbox where it works' : 'no sandbox'})`, () => {
    let workspace: string;
    let home: string;
    let outside: string;
    let realHome: string | undefined;
    let pool: ValidatorPool;
    let source: string;

    before(async () => {
      workspace = copyFixture('effects-outside');
      source = fs.readFileSync(path.join(workspace, FILE), 'utf8');
      home = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-effects-home-'));
      outside = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-effects-sibling-'));
      realHome = process.env.HOME;
      process.env.HOME = home;
      const run = await runPytest({ workspace, python, selection: [], coverage: false, perTestTimeoutMs: 0 });
      assert.deepEqual(
        run.tests.map((t) => [t.nodeid, t.outcome]),
        [
          [FAILING[0], 'failed'],
          [PASSING[0], 'passed'],
        ],
      );
      // The user's files, made after their run (whose suite clears the cache).
      fs.mkdirSync(path.join(home, 'keep-me', 'cache'), { recursive: true });
      fs.writeFileSync(path.join(home, 'keep-me', 'notes.txt'), 'precious\n');
      fs.writeFileSync(path.join(home, 'keep-me', 'cache', 'entry'), 'cached\n');
      fs.mkdirSync(path.join(outside, 'data'));
      fs.writeFileSync(path.join(outside, 'data', 'table.csv'), 'a,b\n1,2\n');
      pool = await ValidatorPool.start({ workspace, python, failing: FAILING, passing: PASSING, workers: 1, sandbox });
      await pool.reproduce(run.tests as TestResult[]);
    });

    after(async () => {
      await pool?.dispose();
      if (realHome === undefined) delete process.env.HOME;
      else process.env.HOME = realHome;
      for (const folder of [home, outside]) if (folder) fs.rmSync(folder, { recursive: true, force: true });
      if (workspace) removeCopy(workspace);
    });

    const verdict = async (before: string[], summary: string) => {
      const outcome = await pool.validate(fixedAfter(source, before, summary));
      return { verdict: outcome.verdict, harm: outcome.harm ?? [], detail: outcome.detail };
    };

    it('rejects a fix whose tests delete a folder outside the project, and the folder stays', async () => {
      const folder = JSON.stringify(path.join(fs.realpathSync(outside), 'data'));
      const found = await verdict([`shutil.rmtree(${folder}, ignore_errors=True)`], 'deletes a sibling folder');
      assert.equal(found.verdict, 'harmful', found.detail);
      assert.deepEqual(found.harm, [{ path: JSON.parse(folder), kind: 'deleted' }]);
      assert.equal(fs.readFileSync(path.join(outside, 'data', 'table.csv'), 'utf8'), 'a,b\n1,2\n');
    });

    it('rejects a fix whose tests truncate or rewrite a file outside, and the file stays', async () => {
      const file = path.join(fs.realpathSync(outside), 'data', 'table.csv');
      const truncates = await verdict(quietly(`open(${JSON.stringify(file)}, "w").close()`), 'truncates a file');
      assert.equal(truncates.verdict, 'harmful', truncates.detail);
      assert.deepEqual(truncates.harm, [{ path: file, kind: 'truncated' }]);
      const appends = await verdict(quietly(`open(${JSON.stringify(file)}, "a").write("3,4\\n")`), 'appends to a file');
      assert.equal(appends.verdict, 'harmful', appends.detail);
      assert.deepEqual(appends.harm, [{ path: file, kind: 'rewritten' }]);
      assert.equal(fs.readFileSync(file, 'utf8'), 'a,b\n1,2\n');
    });

    it("rejects a fix whose tests delete a folder of the user's home, named from the home", async () => {
      const found = await verdict(['shutil.rmtree(os.path.expanduser("~/keep-me"), ignore_errors=True)'], 'deletes ~/keep-me');
      assert.equal(found.verdict, 'harmful', found.detail);
      assert.deepEqual(found.harm, [{ path: '~/keep-me', kind: 'deleted' }]);
      assert.match(found.detail, /^its tests deleted ~\/keep-me, which the unpatched code's tests left alone$/);
      assert.equal(fs.readFileSync(path.join(home, 'keep-me', 'notes.txt'), 'utf8'), 'precious\n');
    });

    it("rejects a fix whose tests rewrite a file of the user's home", async () => {
      const found = await verdict(
        quietly('open(os.path.expanduser("~/keep-me/notes.txt"), "w").write("gone")'),
        'rewrites ~/keep-me/notes.txt',
      );
      assert.equal(found.verdict, 'harmful', found.detail);
      assert.deepEqual(found.harm, [{ path: '~/keep-me/notes.txt', kind: 'truncated' }]);
    });

    it('validates fixes that write new files in the home, use temp folders, or do what the suite does', async () => {
      const cases: [string[], string][] = [
        [[], 'the fix'],
        [['open(os.path.expanduser("~/new-file.txt"), "w").write("x")'], 'writes a new file in the home'],
        [['open(os.path.join(tempfile.gettempdir(), "scratch.txt"), "w").write("x")'], 'writes in the temp folder'],
        [['open(os.path.join(os.path.dirname(path), "beside.txt"), "w").write("x")'], "writes in the test's tmp_path"],
        [['shutil.rmtree(os.path.expanduser("~/keep-me/cache"), ignore_errors=True)'], 'deletes what the suite deletes'],
      ];
      for (const [before, summary] of cases) {
        const found = await verdict(before, summary);
        assert.equal(found.verdict, 'validated', `${summary}: ${found.detail}`);
      }
    });

    it('rejects a harmful fix in its clean re-check too', async () => {
      const harmful = fixedAfter(source, ['shutil.rmtree(os.path.expanduser("~/keep-me"), ignore_errors=True)'], 'deletes ~/keep-me');
      const validated = { ...(await pool.validate(fixedAfter(source, [], 'the fix'))), candidate: harmful };
      const again = await pool.recheck(validated, Buffer.from(harmful.newFileText, 'utf8'));
      assert.equal(again.verdict, 'harmful', again.detail);
      assert.deepEqual(again.harm, [{ path: '~/keep-me', kind: 'deleted' }]);
    });
  });
}

describe("A fix run on a project beside a folder of the user's", () => {
  let home: string;
  let run: FixRun;

  before(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-effects-home-'));
    fs.mkdirSync(path.join(home, 'deepdebug-keep'));
    fs.writeFileSync(path.join(home, 'deepdebug-keep', 'notes.txt'), 'precious\n');
    run = fix('harm-cache-home', [], { HOME: home });
  });

  after(() => {
    if (run) removeCopy(run.workspace);
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  it('shows no patch whose tests delete that folder, and names the harm once', () => {
    assert.ok(run.report.patches.length >= 1, run.stderr);
    for (const patch of run.report.patches) assert.doesNotMatch(patch.diff, /^\+.*rmtree\((keep|KEEP)\)/m, patch.summary);
    if (run.report.containment?.sandbox === 'bubblewrap') {
      // Only the sandbox's home holds the folder: without it the tests that list it are named as depending on the home.
      assert.ok(run.report.stats.harmful! >= 1, run.stderr);
      assert.deepEqual(run.report.harmful![0]!.effects, [{ path: '~/deepdebug-keep', kind: 'deleted' }]);
      assert.equal(run.stderr.match(/a candidate deleted ~\/deepdebug-keep outside the project when its tests ran; not shown/g)?.length, 1);
    }
  });

  it("leaves the user's folder as it was when each shown patch's tests run with plain pytest in a copy of the home", () => {
    for (const patch of run.report.patches) {
      const copyOfHome = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-judge-home-'));
      try {
        fs.cpSync(home, copyOfHome, { recursive: true });
        assert.equal(passesPlainPytest('harm-cache-home', patch.file, patch.newFileText, { HOME: copyOfHome }), true, patch.summary);
        assert.equal(fs.readFileSync(path.join(copyOfHome, 'deepdebug-keep', 'notes.txt'), 'utf8'), 'precious\n', patch.summary);
      } finally {
        fs.rmSync(copyOfHome, { recursive: true, force: true });
      }
    }
  });
});
