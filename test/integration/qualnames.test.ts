import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';
import { listFunctions } from '../../src/core/syntax/functions';
import { fixturePath } from '../helpers/workspace';

// Qualified names are computed twice: by tree-sitter here (suspects, candidates: the function a
// request names) and by Python's ast in the worker (the function it swaps). A name one side
// has and the other lacks turns a swap into a re-execution, silently. On every module of the
// standard library, and on definitions hidden in match/case, async with/for and except*
// blocks (a fixture: the standard library has none there), both must name the same
// functions, each starting on the same line.

const NAMES = `
import ast, glob, json, os, sys
sys.path.insert(0, sys.argv[1])
from deepdebug.functions import first_line, functions_by_qualname
names = {}
for path in sorted(glob.glob(os.path.join(os.path.dirname(os.__file__), "*.py"))) + sys.argv[2:]:
    try:
        with open(path, "rb") as handle:
            tree = ast.parse(handle.read())
    except (SyntaxError, ValueError):
        continue
    names[path] = sorted(
        f"{qualname}@{first_line(node)}"
        for qualname, nodes in functions_by_qualname(tree).items()
        for node in nodes
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    )
print(json.dumps(names))
`;

describe('Qualified names in TypeScript and in the worker', function () {
  this.timeout(600_000);

  it('name the same functions, on the same lines, in every module of the standard library', async () => {
    const hidden = fixturePath('qualnames/hidden_definitions.py');
    const output = execFileSync('python3', ['-c', NAMES, path.join(packageRoot(), 'src', 'python'), hidden], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const python = JSON.parse(output) as Record<string, string[]>;
    const differences: string[] = [];
    let functions = 0;
    for (const [file, expected] of Object.entries(python)) {
      const source = fs.readFileSync(file, 'utf8');
      const found = (await listFunctions(source)).map((fn) => `${fn.qualname}@${fn.startLine}`).sort();
      functions += expected.length;
      const only = (a: string[], b: string[]) => a.filter((name) => !b.includes(name));
      for (const name of only(expected, found)) differences.push(`${path.basename(file)}: ${name} only in the worker`);
      for (const name of only(found, expected)) differences.push(`${path.basename(file)}: ${name} only in TypeScript`);
    }
    assert.ok(Object.keys(python).length > 150 && functions > 5_000, `${Object.keys(python).length} modules, ${functions} functions`);
    assert.equal(python[hidden]?.length, 9, 'the fixture holds nine definitions');
    assert.deepEqual(differences, []);
  });
});
