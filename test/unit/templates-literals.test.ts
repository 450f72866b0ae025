import * as assert from 'node:assert/strict';
import { normalizeCode } from '../../src/core/generate/candidate';
import { templateCandidates } from '../../src/core/generate/templates';
import type { EditContext } from '../../src/core/generate/templates/edit';
import { literalEdits } from '../../src/core/generate/templates/literals';
import { collectScope } from '../../src/core/generate/templates/scope';
import { listFunctions } from '../../src/core/syntax/functions';
import { parsePython, type Node } from '../../src/core/syntax/parser';
import type { Candidate, Suspect } from '../../src/core/types';

// fill-literal: a placeholder literal left where a local or parameter was meant.

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
  return { edits: literalEdits(ctx), start: owner.startIndex, end: owner.endIndex };
}

describe('templates: fill-literal', () => {
  it('returns the list the function built instead of an empty one', async () => {
    await expectFix(
      `def evens(xs):
    result = []
    for x in xs:
        if x % 2 == 0:
            result.append(x)
    return []
`,
      'evens',
      `def evens(xs):
    result = []
    for x in xs:
        if x % 2 == 0:
            result.append(x)
    return result
`,
      'fill-literal',
    );
  });

  it('starts a count from the given start', async () => {
    await expectFix(
      `def tally(items, start):
    count = 0
    for item in items:
        count += 1
    return count
`,
      'tally',
      `def tally(items, start):
    count = start
    for item in items:
        count += 1
    return count
`,
      'fill-literal',
    );
  });

  it('indexes from a parameter instead of a literal', async () => {
    await expectFix(
      `def pick(xs, offset):
    return xs[0]
`,
      'pick',
      `def pick(xs, offset):
    return xs[offset]
`,
      'fill-literal',
    );
  });

  it('fills a None argument with the parameter meant', async () => {
    await expectFix(
      `def lookup(table, key, default):
    return table.get(key, None)
`,
      'lookup',
      `def lookup(table, key, default):
    return table.get(key, default)
`,
      'fill-literal',
    );
  });

  it('never puts a collection where a number was, nor a name in its own assignment', async () => {
    const { edits } = await familyEditsOnFirstFunction(`def f(xs):
    n = 0
    for x in xs:
        n += len(x)
    return n
`);
    const summaries = edits.map((e) => e.summary);
    assert.ok(summaries.every((s) => !s.endsWith('→ `xs`') && !s.endsWith('`0` → `n`')), summaries.join('\n'));
  });

  it('proposes nothing outside the suspect', async () => {
    const source = `def build(n):
    out = []
    for i in range(n):
        out.append(i)
    return []


def untouched(xs):
    return []
`;
    const { edits, start, end } = await familyEditsOnFirstFunction(source);
    assert.ok(edits.length > 0);
    for (const edit of edits) for (const s of edit.splices) assert.ok(s.start >= start && s.end <= end, edit.summary);
    const untouched = source.slice(source.indexOf('def untouched'));
    for (const c of await candidatesIn(source, 'build')) assert.ok(c.newFileText.endsWith(untouched), c.summary);
  });
});
