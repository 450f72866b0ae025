import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';
import type { FixReport } from '../../src/core/types';
import { copyFixture, hashTree, removeCopy } from '../helpers/workspace';

// Sound validation through the `deepdebug` command, on projects whose code writes files as it
// runs (a folder under home, a file next to the module, a sqlite database, a lock file in the
// temp folder): one candidate's files must not make a later one pass, or fail, so the only
// patch shown is the true fix; the workspace and the real home stay byte-identical. And a
// selection of one test: no shown patch may break the other tests of its file.

interface SideEffectFixture {
  name: string;
  file: string;
  /** The buggy text and the true fix's. */
  bug: string;
  fix: string;
}

const FIXTURES: SideEffectFixture[] = [
  { name: 'clean-home', file: 'cache.py', bug: 'os.listdir(keep)', fix: 'os.listdir(cache_dir)' },
  { name: 'clean-workspace-file', file: 'settings.py', bug: 'stored = read_json(local)', fix: 'stored = read_json(path)' },
  {
    name: 'clean-sqlite',
    file: 'bookmarks.py',
    bug: 'store(shared if share else db, title, url)',
    fix: 'store(shared if share else db, url, title)',
  },
  { name: 'clean-temp-file', file: 'export.py', bug: 'return len(row)', fix: 'return len(rows)' },
];

function deepdebug(args: string[], home: string): { status: number | null; stderr: string } {
  const child = spawnSync(process.execPath, [path.join(packageRoot(), 'dist', 'cli.js'), ...args], {
    encoding: 'utf8',
    // The user's real home, as the engine sees it: a folder the test can inspect.
    env: { ...process.env, HOME: home },
    timeout: 240_000,
  });
  return { status: child.status, stderr: child.stderr };
}

function readReport(file: string): FixReport {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as FixReport;
}

describe('Sound validation: projects with side effects', function () {
  this.timeout(300_000);
  let workspace: string;
  let home: string;

  beforeEach(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-real-home-'));
  });
  afterEach(() => {
    if (workspace) removeCopy(workspace);
    removeCopy(home);
  });

  const runs: Array<{ fixture: SideEffectFixture; args: string[]; label: string }> = FIXTURES.flatMap((fixture) => [
    { fixture, args: ['--no-model'], label: 'templates, sandbox where it works' },
    { fixture, args: ['--no-model', '--no-sandbox'], label: 'templates, no sandbox' },
  ]);
  runs.push({ fixture: FIXTURES[0]!, args: [], label: 'model and templates' });

  for (const { fixture, args, label } of runs) {
    it(`${fixture.name}: shows only the true fix; workspace and home untouched (${label})`, () => {
      workspace = copyFixture(fixture.name);
      const before = hashTree(workspace);
      const source = fs.readFileSync(path.join(workspace, fixture.file), 'utf8');
      assert.equal(source.split(fixture.bug).length, 2, `the fixture holds the bug once: ${fixture.bug}`);
      const reportFile = path.join(home, '..', `${path.basename(home)}.json`);
      try {
        const run = deepdebug(['fix', workspace, ...args, '--time-budget', '120', '--json', reportFile], home);
        // A fix (0), or a patch the evidence leaves unconfirmed (4: clean-home's leaves `keep` unused).
        assert.ok(run.status === 0 || run.status === 4, run.stderr);
        const report = readReport(reportFile);
        const shown = report.patches.map((patch) => patch.summary);
        assert.ok(report.patches.length >= 1, 'a patch is shown');
        for (const patch of report.patches) {
          assert.equal(
            patch.newFileText,
            source.replace(fixture.bug, fixture.fix),
            `a false patch is shown: ${patch.summary} (all: ${shown.join('; ')})`,
          );
        }
        assert.deepEqual(hashTree(workspace), before);
        assert.deepEqual(fs.readdirSync(home), []);
      } finally {
        fs.rmSync(reportFile, { force: true });
      }
    });
  }
});

describe('Sound validation: patches that silence the tests', function () {
  this.timeout(300_000);

  it('a return added to a finally block validates against thin tests, and is not shown; the warning names it', () => {
    const workspace = copyFixture('silencing-finally');
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-real-home-'));
    const reportFile = `${workspace}.json`;
    try {
      const run = deepdebug(['fix', workspace, '--no-model', '--json', reportFile], home);
      assert.ok([0, 1, 4].includes(run.status ?? -1), run.stderr);
      const report = readReport(reportFile);
      for (const patch of report.patches) assert.doesNotMatch(patch.diff, /^\+\s+return store\.commit\(\)$/m, patch.summary);
      assert.ok(
        report.warnings?.some((w) =>
          /not shown because (it silences|they silence) the tests.*`return store\.commit\(\)`.*exits a finally block/.test(w),
        ),
        JSON.stringify(report.warnings),
      );
    } finally {
      removeCopy(workspace);
      removeCopy(home);
      fs.rmSync(reportFile, { force: true });
    }
  });
});

describe('Sound validation: the tests around a selection', function () {
  this.timeout(300_000);

  for (const args of [[], ['--no-sandbox']]) {
    it(`with one failing test selected, no shown patch breaks the other tests of its file${args.length ? ' (no sandbox)' : ''}`, () => {
      const workspace = copyFixture('leap-year');
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-real-home-'));
      const reportFile = `${workspace}.json`;
      try {
        const selected = 'test_leap.py::test_century_divisible_by_400_is_leap';
        const run = deepdebug(['fix', workspace, '--no-model', ...args, '--tests', selected, '--json', reportFile], home);
        assert.ok([0, 1, 4].includes(run.status ?? -1), run.stderr);
        const report = readReport(reportFile);
        assert.deepEqual(report.testScope, { selected: 1, files: ['test_leap.py'], neighbours: 2 });
        assert.deepEqual(
          report.failures.map((f) => f.nodeid),
          [selected],
          'the neighbours are guards, not targets',
        );
        const source = fs.readFileSync(path.join(workspace, 'leap.py'), 'utf8');
        for (const patch of report.patches) {
          // Each shown patch, applied to a copy on its own and run with plain pytest.
          const copy = copyFixture('leap-year');
          try {
            fs.writeFileSync(path.join(copy, patch.file), patch.newFileText);
            const pytest = spawnSync('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'test_leap.py'], {
              cwd: copy,
              encoding: 'utf8',
              env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
            });
            assert.equal(pytest.status, 0, `${patch.summary} breaks the file's other tests:\n${pytest.stdout}`);
          } finally {
            removeCopy(copy);
          }
        }
        assert.equal(fs.readFileSync(path.join(workspace, 'leap.py'), 'utf8'), source);
      } finally {
        removeCopy(workspace);
        removeCopy(home);
        fs.rmSync(reportFile, { force: true });
      }
    });
  }
});
