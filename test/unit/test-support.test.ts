import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { testSupportFiles } from '../../src/core/pytest/test-support';
import { fixturePath } from '../helpers/workspace';

// Test support: modules in a tests' folder (of any name) that serve only the tests are test code;
// the code under test, in a flat project or as the subject of its test, is not.

/** A project of `files` (relative path -> text) in a new temp folder. */
function project(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-support-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('test support', () => {
  const made: string[] = [];
  after(() => {
    for (const folder of made) fs.rmSync(folder, { recursive: true, force: true });
  });
  const scan = async (files: Record<string, string>) => {
    const root = project(files);
    made.push(root);
    return [...(await testSupportFiles(root))].sort();
  };

  it('finds a helper beside the tests, in a folder of any name, that only tests import', async () => {
    assert.deepEqual([...(await testSupportFiles(fixturePath('test-support')))], ['checks/helpers.py']);
    assert.deepEqual(
      await scan({
        'programs/reverse.py': 'def reverse(node):\n    return node\n',
        'cases/node.py': 'class Node:\n    pass\n',
        'cases/test_reverse.py': 'from node import Node\nfrom programs.reverse import reverse\n',
        'cases/test_other.py': 'import node\n',
      }),
      ['cases/node.py'],
    );
  });

  it('leaves a flat project alone: the code under test lives beside its tests', async () => {
    assert.deepEqual(
      await scan({
        'shapes.py': 'def area(w, h):\n    return w * h\n',
        'units.py': 'METRE = 1\n',
        'test_geometry.py': 'from shapes import area\nfrom units import METRE\n',
      }),
      [],
    );
  });

  it('keeps the subject of a test, and a module code outside the tests imports, editable', async () => {
    assert.deepEqual(
      await scan({
        'app/main.py': 'from checks import shared\n',
        'checks/solution.py': 'def solve():\n    return 1\n',
        'checks/shared.py': 'X = 1\n',
        'checks/fixtures.py': 'DATA = [1]\n',
        'checks/test_solution.py': 'from solution import solve\nfrom fixtures import DATA\nimport shared\nfrom app import main\n',
      }),
      ['checks/fixtures.py'],
    );
  });
});
