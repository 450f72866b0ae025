import * as assert from 'node:assert/strict';
import { enclosingFunction, listFunctions } from '../../src/core/syntax/functions';
import { parsesCleanly } from '../../src/core/syntax/parser';

const source = `import os

def top(x):
    return x + 1

class Stack:
    def __init__(self):
        self.items = []

    @property
    def size(self):
        def helper():
            return len(self.items)
        return helper()

if os.name:
    def platform_only():
        pass
`;

describe('syntax', () => {
  it('lists functions with qualified names and decorated ranges', async () => {
    const fns = await listFunctions(source);
    assert.deepEqual(
      fns.map((f) => [f.qualname, f.startLine, f.endLine, f.className]),
      [
        ['top', 3, 4, null],
        ['Stack.__init__', 7, 8, 'Stack'],
        ['Stack.size', 10, 14, 'Stack'],
        ['Stack.size.<locals>.helper', 12, 13, null],
        ['platform_only', 17, 18, null],
      ],
    );
    assert.equal(fns[2]!.defLine, 11);
  });

  it('finds the innermost enclosing function', async () => {
    const fns = await listFunctions(source);
    assert.equal(enclosingFunction(fns, 13)?.qualname, 'Stack.size.<locals>.helper');
    assert.equal(enclosingFunction(fns, 14)?.qualname, 'Stack.size');
    assert.equal(enclosingFunction(fns, 1), null);
  });

  it('flags syntax errors', async () => {
    assert.equal(await parsesCleanly(source), true);
    assert.equal(await parsesCleanly('def f(:\n  pass\n'), false);
  });
});
