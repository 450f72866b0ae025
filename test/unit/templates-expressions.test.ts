import * as assert from 'node:assert/strict';
import { normalizeCode } from '../../src/core/generate/candidate';
import { templateCandidates } from '../../src/core/generate/templates';
import type { EditContext } from '../../src/core/generate/templates/edit';
import { expressionEdits } from '../../src/core/generate/templates/expressions';
import { collectScope } from '../../src/core/generate/templates/scope';
import { listFunctions } from '../../src/core/syntax/functions';
import { parsePython, type Node } from '../../src/core/syntax/parser';
import type { Candidate, Suspect } from '../../src/core/types';

// expression-tweak: expressions off by one or by a name outside index positions, a count for
// a length, the wrong sign, a collection missing an end or its order.

async function candidatesIn(source: string, qualname: string): Promise<Candidate[]> {
  const fn = (await listFunctions(source)).find((f) => f.qualname === qualname);
  assert.ok(fn, `no function ${qualname}`);
  const suspect: Suspect = { file: 'algo.py', function: qualname, startLine: fn.startLine, endLine: fn.endLine, score: 1, reasons: ['test'], lines: [] };
  return templateCandidates([suspect], async () => source);
}

async function expectFix(buggy: string, qualname: string, fixed: string): Promise<Candidate> {
  const candidates = await candidatesIn(buggy, qualname);
  const fix = candidates.find((c) => normalizeCode(c.newFileText) === normalizeCode(fixed));
  assert.ok(fix, `the fix is not among ${candidates.length} candidates`);
  assert.equal(fix.editKind, 'expression-tweak');
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
  return { edits: expressionEdits(ctx), start: owner.startIndex, end: owner.endIndex };
}

describe('templates: expression-tweak', () => {
  it('drops a - 1 from a divisor', async () => {
    await expectFix(
      `def mean(xs):
    total = 0
    for x in xs:
        total += x
    return total / (len(xs) - 1)
`,
      'mean',
      `def mean(xs):
    total = 0
    for x in xs:
        total += x
    return total / len(xs)
`,
    );
  });

  it('adds a forgotten offset parameter to an index', async () => {
    await expectFix(
      `def window(xs, start, size):
    out = []
    for i in range(size):
        out.append(xs[i])
    return out
`,
      'window',
      `def window(xs, start, size):
    out = []
    for i in range(size):
        out.append(xs[i + start])
    return out
`,
    );
  });

  it('uses the length of a collection where a count was passed', async () => {
    await expectFix(
      `def prefix_sums(xs, n):
    sums = [0]
    for i in range(n):
        sums.append(sums[-1] + xs[i])
    return sums
`,
      'prefix_sums',
      `def prefix_sums(xs, n):
    sums = [0]
    for i in range(len(xs)):
        sums.append(sums[-1] + xs[i])
    return sums
`,
    );
  });

  it('pairs a collection with itself shifted by one', async () => {
    await expectFix(
      `def steps(xs):
    return [b - a for a, b in zip(xs, xs)]
`,
      'steps',
      `def steps(xs):
    return [b - a for a, b in zip(xs, xs[1:])]
`,
    );
  });

  it('removes a wrong minus sign from a returned number', async () => {
    await expectFix(
      `def offset(n, k):
    shift = n - k
    return -shift * 2
`,
      'offset',
      `def offset(n, k):
    shift = n - k
    return shift * 2
`,
    );
  });

  it('does not duplicate off-by-one.ts: no ±1 in index or range positions', async () => {
    const { edits } = await familyEditsOnFirstFunction(`def last(xs, n):
    return xs[n] + sum(range(n))
`);
    const summaries = edits.map((e) => e.summary);
    assert.ok(!summaries.some((s) => /`n` → `n [+-] 1`/.test(s)), summaries.join('\n'));
    assert.ok(summaries.some((s) => s.includes('`xs[n] + sum(range(n))` → `xs[n] + sum(range(n)) + 1`')), summaries.join('\n'));
  });

  it('proposes nothing outside the suspect and keeps the count per function small', async () => {
    const source = `def merge(left, right):
    result = []
    i, j = 0, 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            result.append(left[i])
            i += 1
        else:
            result.append(right[j])
            j += 1
    result.extend(left[i:])
    result.extend(right[j:])
    return result


def untouched(xs, n):
    return xs[n] * 2
`;
    const { edits, start, end } = await familyEditsOnFirstFunction(source);
    for (const edit of edits) for (const s of edit.splices) assert.ok(s.start >= start && s.end <= end, edit.summary);
    // 30 on this function when written; a few dozen per small function is the intended scale.
    assert.ok(edits.length > 0 && edits.length <= 60, `${edits.length} edits`);
    const untouched = source.slice(source.indexOf('def untouched'));
    for (const c of await candidatesIn(source, 'merge')) assert.ok(c.newFileText.endsWith(untouched), c.summary);
  });
});
