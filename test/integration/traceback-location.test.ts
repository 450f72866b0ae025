import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { locateFiles } from '../../src/core/pytest/locate';
import { runPytest } from '../../src/core/pytest/run';
import { tracebackFrames } from '../../src/core/pytest/traceback-text';
import type { Frame, PytestRun, TestResult } from '../../src/core/types';
import { copyFixture, removeCopy } from '../helpers/workspace';

// Traceback TEXT (a crashed test's faulthandler dump, pytest's output when a conftest.py failed
// to import, another controller's message) is located by the same Python rule as the plugin's
// structured frames (src/python/deepdebug/workspace.py, run as `python -m deepdebug.locate` with
// the run's interpreter). The cases below are where a rule on the names alone (the TypeScript
// copy this replaced: no real paths, no interpreter folders) disagreed with the plugin.

const python = 'python3';

function result(run: PytestRun, nodeid: string): TestResult {
  const found = run.tests.find((test) => test.nodeid === nodeid);
  assert.ok(found, `no result for ${nodeid} among ${run.tests.map((test) => test.nodeid).join(', ')}`);
  return found;
}

const place = (frame: Frame): [string, boolean] => [frame.file, frame.inWorkspace];

describe("Traceback text's files, located by the Python side's rule", function () {
  this.timeout(120_000);

  it('names user files workspace-relative and everything else absolute: installed packages, the interpreter, frozen modules', async () => {
    const workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-locate-')));
    try {
      const venvPackage = path.join(workspace, '.venv', 'lib', 'python3.11', 'site-packages', 'yaml', '__init__.py');
      const text = [
        `${path.join(workspace, 'tests', 'test_app.py')}:8: in test_load`,
        '    load("x")',
        `${venvPackage}:81: in load`,
        '    return loader.get_single_data()',
        '/usr/lib/python3.11/json/decoder.py:355: in raw_decode',
        '    raise JSONDecodeError("Expecting value", s, err.value) from None',
        '<frozen importlib._bootstrap>:1204: in _gcd_import',
        '    ???',
        'app/parse.py:14: in parse',
        '    return int(text)',
        `E     File "${path.join(workspace, 'app', 'parse.py')}", line 14`,
        "E   ValueError: invalid literal for int() with base 10: 'x'",
      ].join('\n');
      assert.deepEqual(await tracebackFrames(text, { workspace, python }), [
        { file: 'tests/test_app.py', line: 8, function: 'test_load', inWorkspace: true },
        { file: venvPackage, line: 81, function: 'load', inWorkspace: false },
        { file: '/usr/lib/python3.11/json/decoder.py', line: 355, function: 'raw_decode', inWorkspace: false },
        { file: '<frozen importlib._bootstrap>', line: 1204, function: '_gcd_import', inWorkspace: false },
        // The native line repeats pytest's entry: one frame.
        { file: 'app/parse.py', line: 14, function: 'parse', inWorkspace: true },
      ]);
    } finally {
      fs.rmSync(workspace, { recursive: true, force: true });
    }
  });

  it('locates without importing pytest (a broken pytest on the path does not stop it)', async () => {
    const poisoned = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-no-pytest-'));
    try {
      fs.writeFileSync(path.join(poisoned, 'pytest.py'), 'raise ImportError("deepdebug.locate imported pytest")\n');
      fs.mkdirSync(path.join(poisoned, '_pytest'));
      fs.writeFileSync(path.join(poisoned, '_pytest', '__init__.py'), 'raise ImportError("deepdebug.locate imported _pytest")\n');
      const located = await locateFiles(['tests/test_a.py', '/elsewhere/b.py'], {
        workspace: '/home/ana/project',
        python,
        env: { PYTHONPATH: poisoned },
      });
      assert.deepEqual(located, [
        { file: 'tests/test_a.py', inWorkspace: true },
        { file: '/elsewhere/b.py', inWorkspace: false },
      ]);
    } finally {
      fs.rmSync(poisoned, { recursive: true, force: true });
    }
  });

  describe('a workspace opened through a symbolic link (the tests see real paths)', () => {
    const links: string[] = [];
    const copies: string[] = [];
    const linked = (fixture: string): string => {
      const copy = copyFixture(fixture);
      copies.push(copy);
      const link = `${copy}-link`;
      fs.symlinkSync(copy, link);
      links.push(link);
      return link;
    };
    after(() => {
      for (const link of links) fs.rmSync(link, { force: true });
      for (const copy of copies) removeCopy(copy);
    });

    it("locates a crashed test's faulthandler dump in the workspace, as the plugin's frames are", async () => {
      const run = await runPytest({ workspace: linked('pytest-crash'), python, selection: [], coverage: false, perTestTimeoutMs: 10_000 });
      // The plugin's frames (a live interpreter) and the dump's (text) agree on the test file.
      const failed = result(run, 'test_crash.py::test_second_fails');
      assert.deepEqual(failed.frames.filter((frame) => frame.inWorkspace).map(place), [['test_crash.py', true]]);
      const crashed = result(run, 'test_crash.py::test_aborts');
      assert.equal(crashed.outcome, 'crashed');
      assert.deepEqual(
        crashed.frames.filter((frame) => frame.inWorkspace),
        [{ file: 'test_crash.py', line: 13, function: 'test_aborts', inWorkspace: true }],
      );
    });

    it('names a conftest.py that failed to import by its workspace path', async () => {
      const run = await runPytest({
        workspace: linked('pytest-conftest-error'),
        python,
        selection: [],
        coverage: false,
        perTestTimeoutMs: 10_000,
      });
      const [error] = run.tests;
      assert.ok(error && run.tests.length === 1, JSON.stringify(run.tests));
      assert.equal(error.nodeid, 'conftest.py');
      assert.deepEqual(
        error.frames.map((frame) => [frame.file, frame.line, frame.inWorkspace]),
        [
          ['conftest.py', 6, true],
          ['settings.py', 8, true],
          ['settings.py', 5, true],
        ],
      );
    });
  });

  it("keeps code in the run interpreter's folder inside the workspace (a .venv's pip checkouts) out of the user's, as the plugin does", async function () {
    // pip puts editable checkouts of dependencies (`pip install -e git+...`) under <venv>/src,
    // outside site-packages: only the interpreter that ran the tests knows that folder is its.
    this.timeout(180_000);
    const workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-venv-')));
    try {
      execFileSync(python, ['-m', 'venv', '--system-site-packages', '--without-pip', path.join(workspace, '.venv')]);
      const venvPython = path.join(workspace, '.venv', 'bin', 'python');
      const sitePackages = execFileSync(venvPython, ['-c', 'import sysconfig; print(sysconfig.get_paths()["purelib"])'], {
        encoding: 'utf8',
      }).trim();
      const checkout = path.join(workspace, '.venv', 'src', 'tool');
      fs.mkdirSync(checkout, { recursive: true });
      fs.writeFileSync(
        path.join(checkout, 'tool.py'),
        [
          'import os',
          '',
          '',
          'def check(value):',
          '    if value < 0:',
          '        raise ValueError("negative: %r" % value)',
          '    return value',
          '',
          '',
          'def abort_on(value):',
          '    if value < 0:',
          '        os.abort()',
          '    return value',
          '',
        ].join('\n'),
      );
      fs.writeFileSync(path.join(sitePackages, 'tool.pth'), `${checkout}\n`);
      fs.writeFileSync(
        path.join(workspace, 'test_tool.py'),
        'import tool\n\n\ndef test_check():\n    assert tool.check(-1) == 1\n\n\ndef test_abort():\n    assert tool.abort_on(-1) == 1\n',
      );
      const toolFile = path.join(checkout, 'tool.py');
      const run = await runPytest({ workspace, python: venvPython, selection: [], coverage: false, perTestTimeoutMs: 10_000 });
      const failed = result(run, 'test_tool.py::test_check');
      assert.equal(failed.outcome, 'failed');
      const crashed = result(run, 'test_tool.py::test_abort');
      assert.equal(crashed.outcome, 'crashed');
      // The plugin's structured frames, then the faulthandler dump's text frames: the same places.
      assert.deepEqual(failed.frames.map(place), [
        ['test_tool.py', true],
        [toolFile, false],
      ]);
      assert.deepEqual(crashed.frames.filter((frame) => frame.file.endsWith('tool.py')).map(place), [
        ['test_tool.py', true],
        [toolFile, false],
      ]);
      // Another interpreter does not own that folder: it is the run's interpreter that must answer.
      assert.deepEqual(await locateFiles([toolFile], { workspace, python: venvPython }), [{ file: toolFile, inWorkspace: false }]);
      assert.deepEqual(await locateFiles([toolFile], { workspace, python }), [{ file: '.venv/src/tool/tool.py', inWorkspace: true }]);
    } finally {
      fs.rmSync(workspace, { recursive: true, force: true });
    }
  });
});
