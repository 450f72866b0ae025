// Which tests "Debug with DeepDebug" runs for what was clicked: Testing-view items as the
// Python extension names them, and the traceback text of a real pytest failure message (its
// files located by the Python side's rule, with the interpreter the run uses).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UserError } from '../../src/core/errors';
import { tracebackFrames } from '../../src/core/pytest/traceback-text';
import {
  selectionForFile,
  selectionFromFrames,
  selectionFromTestItem,
  selectionFromTraceback,
} from '../../src/extension/logic/test-selection';

/** A workspace with one failing test, in a class, calling the code under test. */
function cartWorkspace(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-selection-'));
  fs.mkdirSync(path.join(root, 'shop'));
  fs.mkdirSync(path.join(root, 'tests'));
  fs.writeFileSync(path.join(root, 'shop', '__init__.py'), '');
  fs.writeFileSync(path.join(root, 'shop', 'cart.py'), 'def total(items):\n    return sum(p * q for p, q in items) - 1\n');
  fs.writeFileSync(
    path.join(root, 'tests', 'test_cart.py'),
    'from shop.cart import total\n\n\nclass TestCart:\n    def test_total(self):\n        assert total([(2, 5)]) == 10\n',
  );
  return root;
}

/** pytest's output for the workspace's tests, run in `cwd`. */
function failingOutput(root: string, cwd: string, tb: 'long' | 'native'): string {
  try {
    execFileSync('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', `--tb=${tb}`, '--rootdir', root, 'tests'], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
    });
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
  return '';
}

describe('extension test selection', () => {
  const workspace = path.join(os.tmpdir(), 'deepdebug-ws');

  it('turns Testing-view items into pytest node ids relative to the workspace', () => {
    const file = path.join(workspace, 'tests', 'test_cart.py');
    const cases: [{ id: string; fsPath?: string }, string | undefined][] = [
      // The Python extension: absolute path, then the names.
      [{ id: `${file}::TestCart::test_total[2-5]`, fsPath: file }, 'tests/test_cart.py::TestCart::test_total[2-5]'],
      [{ id: `${file}::test_empty`, fsPath: file }, 'tests/test_cart.py::test_empty'],
      // A file item and a folder item.
      [{ id: file, fsPath: file }, 'tests/test_cart.py'],
      [{ id: 'some-controller-folder-id', fsPath: path.join(workspace, 'tests') }, 'tests'],
      // Another controller with relative ids and no uri.
      [{ id: 'tests/test_cart.py::test_empty' }, 'tests/test_cart.py::test_empty'],
      // The workspace root as an item: everything.
      [{ id: workspace, fsPath: workspace }, ''],
      // Outside the workspace: nothing we can run.
      [{ id: '/elsewhere/test_x.py::test_y', fsPath: '/elsewhere/test_x.py' }, undefined],
    ];
    for (const [item, expected] of cases) assert.equal(selectionFromTestItem(item, workspace), expected, item.id);
  });

  it('selects a test file itself, and the whole suite for other files', () => {
    assert.deepEqual(selectionForFile(path.join(workspace, 'tests', 'test_cart.py'), workspace), ['tests/test_cart.py']);
    assert.deepEqual(selectionForFile(path.join(workspace, 'shop', 'cart.py'), workspace), []);
    assert.deepEqual(selectionForFile('/elsewhere/test_x.py', workspace), []);
  });

  it('finds the failing test in the traceback text of a real pytest failure', async function () {
    this.timeout(60_000);
    const root = cartWorkspace();
    try {
      const output = failingOutput(root, root, 'long');
      assert.match(output, /1 failed/);
      const frames = await tracebackFrames(output, { workspace: root, python: 'python3' });
      assert.deepEqual(selectionFromFrames(frames), ['tests/test_cart.py', '-k', 'test_total']);
      assert.deepEqual(await selectionFromTraceback(output, { workspace: root, python: 'python3' }), [
        'tests/test_cart.py',
        '-k',
        'test_total',
      ]);
      // A traceback that never reaches a test file names no test.
      assert.deepEqual(selectionFromFrames(frames.filter((frame) => frame.file !== 'tests/test_cart.py')), []);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('finds it when the folder is opened through a symbolic link and the traceback names real paths', async function () {
    // The folder the editor names is a link (a home on another disk, macOS's /tmp); a native
    // traceback (another controller's message) names the files by their real paths. Which is
    // the user's is decided on real paths, as the plugin's frames are: a rule on the names
    // alone finds no test here.
    this.timeout(60_000);
    const root = cartWorkspace();
    const link = `${root}-link`;
    fs.symlinkSync(root, link);
    try {
      const output = failingOutput(root, root, 'native');
      assert.ok(output.includes(`File "${path.join(root, 'tests', 'test_cart.py')}"`), output);
      const frames = await tracebackFrames(output, { workspace: link, python: 'python3' });
      assert.deepEqual(
        frames.filter((frame) => frame.inWorkspace).map((frame) => [frame.file, frame.function]),
        [['tests/test_cart.py', 'test_total']],
      );
      assert.deepEqual(await selectionFromTraceback(output, { workspace: link, python: 'python3' }), [
        'tests/test_cart.py',
        '-k',
        'test_total',
      ]);
    } finally {
      fs.rmSync(link, { force: true });
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('says why when the interpreter cannot be run to locate the files, and runs none for text without frames', async () => {
    const options = { workspace, python: path.join(workspace, 'no-such-python') };
    const text = 'Traceback (most recent call last):\n  File "/somewhere/tests/test_x.py", line 3, in test_x\nAssertionError';
    await assert.rejects(selectionFromTraceback(text, options), (error: unknown) => {
      assert.ok(error instanceof UserError && error.code === 'no-python', String(error));
      assert.match(error.message, /cannot run the Python interpreter ".*no-such-python" \(ENOENT\)/);
      return true;
    });
    assert.deepEqual(await selectionFromTraceback('AssertionError: no location here', options), []);
  });
});
