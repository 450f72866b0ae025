// Which tests "Debug with DeepDebug" runs for what was clicked: Testing-view items as the
// Python extension names them, and the traceback text of a real pytest failure message.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseTracebackText } from '../../src/core/pytest/traceback-text';
import { selectionForFile, selectionFromFrames, selectionFromTestItem } from '../../src/extension/testSelection';

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

  it('finds the failing test in the traceback text of a real pytest failure', function () {
    this.timeout(60_000);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-selection-'));
    try {
      fs.mkdirSync(path.join(root, 'shop'));
      fs.mkdirSync(path.join(root, 'tests'));
      fs.writeFileSync(path.join(root, 'shop', '__init__.py'), '');
      fs.writeFileSync(path.join(root, 'shop', 'cart.py'), 'def total(items):\n    return sum(p * q for p, q in items) - 1\n');
      fs.writeFileSync(
        path.join(root, 'tests', 'test_cart.py'),
        'from shop.cart import total\n\n\nclass TestCart:\n    def test_total(self):\n        assert total([(2, 5)]) == 10\n',
      );
      let output = '';
      try {
        execFileSync('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', '--tb=long', '--rootdir', root, 'tests'], {
          cwd: root,
          encoding: 'utf8',
          env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
        });
      } catch (error) {
        output = (error as { stdout: string }).stdout;
      }
      assert.match(output, /1 failed/);
      const frames = parseTracebackText(output, root);
      assert.deepEqual(selectionFromFrames(frames), ['tests/test_cart.py', '-k', 'test_total']);
      // A traceback that never reaches a test file names no test.
      assert.deepEqual(selectionFromFrames(frames.filter((frame) => frame.file !== 'tests/test_cart.py')), []);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
