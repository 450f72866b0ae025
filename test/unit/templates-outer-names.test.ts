import * as assert from 'node:assert/strict';
import { normalizeCode } from '../../src/core/generate/candidate';
import { templateCandidates } from '../../src/core/generate/templates';
import type { EditContext } from '../../src/core/generate/templates/edit';
import { outerNameEdits } from '../../src/core/generate/templates/outer-names';
import { collectScope } from '../../src/core/generate/templates/scope';
import { listFunctions } from '../../src/core/syntax/functions';
import { parsePython, type Node } from '../../src/core/syntax/parser';
import type { Candidate, Suspect } from '../../src/core/types';

// Name substitutions names.ts cannot make: names.ts already replaces every identifier read or
// assigned (in subscripts, comprehensions, arguments, method receivers, conditions) by the
// function's own names; these are the names the function never mentions: another function of
// the file (callee-misuse), a module-level or enclosing function's name (outer-variable-misuse).

async function candidatesIn(source: string, qualname: string): Promise<Candidate[]> {
  const fn = (await listFunctions(source)).find((f) => f.qualname === qualname);
  assert.ok(fn, `no function ${qualname}`);
  const suspect: Suspect = { file: 'algo.py', function: qualname, startLine: fn.startLine, endLine: fn.endLine, score: 1, reasons: ['test'], lines: [] };
  return templateCandidates([suspect], async () => source);
}

async function expectFix(buggy: string, qualname: string, fixed: string, kind: string): Promise<Candidate> {
  const candidates = await candidatesIn(buggy, qualname);
  const fix = candidates.find((c) => normalizeCode(c.newFileText) === normalizeCode(fixed));
  assert.ok(fix, `the fix is not among ${candidates.length} candidates`);
  assert.equal(fix.editKind, kind);
  return fix;
}

/** The family's edits on the first function of `source`, with the context index.ts would build. */
async function familyEditsOnFirstFunction(source: string) {
  const tree = await parsePython(source);
  const owner = tree.rootNode.namedChildren.find((n) => n?.type === 'function_definition')!;
  const nodes: Node[] = [];
  const visit = (node: Node) => {
    nodes.push(node);
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(owner);
  const ctx: EditContext = { source, nodes, owner, scope: collectScope(tree.rootNode, owner), noneNames: null };
  return { edits: outerNameEdits(ctx), start: owner.startIndex, end: owner.endIndex };
}

describe('templates: callee-misuse and outer-variable-misuse', () => {
  it('calls the other function of the file with the same arity', async () => {
    const source = (second: string) => `def area(r):
    return 3 * r * r


def perimeter(r):
    return 6 * r


def scaled(r, k):
    return k * r


def both(r):
    return area(r) + ${second}(r)
`;
    const fix = await expectFix(source('area'), 'both', source('perimeter'), 'callee-misuse');
    assert.equal(fix.summary, 'line 14: `area` → `perimeter`');
    const candidates = await candidatesIn(source('area'), 'both');
    assert.ok(candidates.every((c) => !c.newFileText.includes('scaled(r)')), 'a two-argument function was called with one');
  });

  it('reads the module constant that was meant', async () => {
    await expectFix(
      `LIMIT = 3
STEP = 2


def next_value(x):
    return x + STEP
`,
      'next_value',
      `LIMIT = 3
STEP = 2


def next_value(x):
    return x + LIMIT
`,
      'outer-variable-misuse',
    );
  });

  it('reads the enclosing function variable a closure was meant to capture', async () => {
    const source = (factor: string) => `def outer(xs, scale):
    def inner(y):
        return y * ${factor}
    return [inner(x) for x in xs]
`;
    const fn = (await listFunctions(source('y'))).find((f) => f.qualname === 'outer.<locals>.inner')!;
    const suspect: Suspect = { file: 'algo.py', function: fn.qualname, startLine: fn.startLine, endLine: fn.endLine, score: 1, reasons: [], lines: [] };
    const candidates = await templateCandidates([suspect], async () => source('y'));
    const fix = candidates.find((c) => c.newFileText === source('scale'));
    assert.equal(fix?.editKind, 'outer-variable-misuse');
  });

  it('proposes nothing outside the suspect, nor names the function already uses', async () => {
    const source = `RATE = 2


def cost(n, rate):
    return helper(n) * rate


def helper(n):
    return n + RATE
`;
    const { edits, start, end } = await familyEditsOnFirstFunction(source);
    const summaries = edits.map((e) => e.summary);
    assert.ok(summaries.includes('line 5: `rate` → `RATE`'), summaries.join('\n'));
    assert.ok(summaries.every((s) => !/→ `(?:n|rate|helper)`$/.test(s)), summaries.join('\n'));
    for (const edit of edits) for (const s of edit.splices) assert.ok(s.start >= start && s.end <= end, edit.summary);
    const untouched = source.slice(source.indexOf('def helper'));
    for (const c of await candidatesIn(source, 'cost')) assert.ok(c.newFileText.endsWith(untouched), c.summary);
  });
});
