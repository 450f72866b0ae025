import * as assert from 'node:assert/strict';
import { normalizeCode } from '../../src/core/generate/candidate';
import { templateCandidates } from '../../src/core/generate/templates';
import type { EditContext } from '../../src/core/generate/templates/edit';
import { builtinEdits } from '../../src/core/generate/templates/builtins';
import { collectScope } from '../../src/core/generate/templates/scope';
import { listFunctions } from '../../src/core/syntax/functions';
import { parsePython, type Node } from '../../src/core/syntax/parser';
import type { Candidate, Suspect } from '../../src/core/types';

// wrap-builtin and unwrap-call: a value missing the builtin call around it (only builtins the
// code already uses), or a call where one of its arguments was meant.

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
  return { edits: builtinEdits(ctx), start: owner.startIndex, end: owner.endIndex };
}

describe('templates: wrap-builtin and unwrap-call', () => {
  it('counts the distinct items instead of returning them', async () => {
    await expectFix(
      `def distinct(words):
    seen = set()
    for w in words:
        if len(w) > 0:
            seen.add(w)
    return seen
`,
      'distinct',
      `def distinct(words):
    seen = set()
    for w in words:
        if len(w) > 0:
            seen.add(w)
    return len(seen)
`,
      'wrap-builtin',
    );
  });

  it('clamps a difference at zero with a max the file uses', async () => {
    await expectFix(
      `def remaining(budget, cost):
    left = budget - cost
    return left


def widest(a, b):
    return max(a, b)
`,
      'remaining',
      `def remaining(budget, cost):
    left = budget - cost
    return max(left, 0)


def widest(a, b):
    return max(a, b)
`,
      'wrap-builtin',
    );
  });

  it('clamps a number with a bound in scope', async () => {
    await expectFix(
      `def page_end(start, size, total):
    end = start + size
    return end


def first(xs):
    return min(xs)
`,
      'page_end',
      `def page_end(start, size, total):
    end = start + size
    return min(end, total)


def first(xs):
    return min(xs)
`,
      'wrap-builtin',
    );
  });

  it('unwraps a length where the word was meant', async () => {
    await expectFix(
      `def longest(words):
    best = ''
    for w in words:
        if len(w) > len(best):
            best = w
    return len(best)
`,
      'longest',
      `def longest(words):
    best = ''
    for w in words:
        if len(w) > len(best):
            best = w
    return best
`,
      'unwrap-call',
    );
  });

  it('unwraps a same-file helper applied twice', async () => {
    await expectFix(
      `def normalize(s):
    return s.strip().lower()


def key(s):
    return normalize(normalize(s))
`,
      'key',
      `def normalize(s):
    return s.strip().lower()


def key(s):
    return normalize(s)
`,
      'unwrap-call',
    );
  });

  it('tries only builtins the code already uses, and never wraps a call in itself', async () => {
    const { edits } = await familyEditsOnFirstFunction(`def spread(xs):
    return max(xs) - min(xs)
`);
    const summaries = edits.map((e) => e.summary);
    assert.ok(summaries.every((s) => !/abs\(|sorted\(|max\(max\(xs\)\)|min\(min\(xs\)\)|\(xs, 0\)/.test(s)), summaries.join('\n'));
    assert.ok(summaries.includes('line 2: `max(xs) - min(xs)` → `max(max(xs) - min(xs), 0)`'), summaries.join('\n'));
  });

  it('proposes nothing outside the suspect', async () => {
    const source = `def total(prices, discount):
    subtotal = sum(prices)
    return subtotal - discount


def untouched(xs):
    return len(sorted(xs))
`;
    const { edits, start, end } = await familyEditsOnFirstFunction(source);
    assert.ok(edits.length > 0);
    for (const edit of edits) for (const s of edit.splices) assert.ok(s.start >= start && s.end <= end, edit.summary);
    const untouched = source.slice(source.indexOf('def untouched'));
    for (const c of await candidatesIn(source, 'total')) assert.ok(c.newFileText.endsWith(untouched), c.summary);
  });
});
