import * as assert from 'node:assert/strict';
import { templateCandidates } from '../../src/core/generate/templates';
import { listFunctions } from '../../src/core/syntax/functions';
import type { Candidate, Suspect } from '../../src/core/types';

// insert-statement: a missing line. Each case is a buggy function followed by an untouched
// one with the same shape, and the intended fix of the first; the suspect covers the first
// function only.

interface InsertionCase {
  name: string;
  buggy: string;
  fixed: string;
  lines: number[];
}

const OTHER = `def other(xs):
    seen = set()
    for x in xs:
        if x in seen:
            return x
    return None
`;

async function insertionCandidates(c: InsertionCase): Promise<Candidate[]> {
  const source = `${c.buggy}\n\n${OTHER}`;
  const fn = (await listFunctions(source))[0]!;
  const suspect: Suspect = {
    file: 'algo.py',
    function: fn.qualname,
    startLine: fn.startLine,
    endLine: fn.endLine,
    score: 1,
    reasons: ['test'],
    lines: c.lines.map((line, i) => ({ line, score: 1 / (i + 1) })),
  };
  const candidates = await templateCandidates([suspect], async () => source, {});
  return candidates.filter((x) => x.editKind === 'insert-statement');
}

const cases: InsertionCase[] = [
  {
    name: 'a set of seen items never filled',
    lines: [5, 6],
    buggy: `def unique(xs):
    seen = set()
    out = []
    for x in xs:
        if x not in seen:
            out.append(x)
    return out
`,
    fixed: `def unique(xs):
    seen = set()
    out = []
    for x in xs:
        if x not in seen:
            out.append(x)
            seen.add(x)
    return out`,
  },
  {
    name: 'the best value never updated',
    lines: [4, 5],
    buggy: `def argmax(xs):
    best, where = xs[0], 0
    for i, x in enumerate(xs):
        if x > best:
            where = i
    return where
`,
    fixed: `def argmax(xs):
    best, where = xs[0], 0
    for i, x in enumerate(xs):
        if x > best:
            where = i
            best = x
    return where`,
  },
  {
    name: 'a branch that should skip to the next item',
    lines: [4, 6],
    buggy: `def positive_total(xs):
    total = 0
    for x in xs:
        if x < 0:
            print('skipping', x)
        total += x
    return total
`,
    fixed: `def positive_total(xs):
    total = 0
    for x in xs:
        if x < 0:
            print('skipping', x)
            continue
        total += x
    return total`,
  },
  {
    name: 'a counter advanced in one branch only',
    lines: [5, 8],
    buggy: `def squeeze(s):
    out = []
    i = 0
    while i < len(s):
        if s[i] == ' ':
            i += 1
        else:
            out.append(s[i])
    return ''.join(out)
`,
    fixed: `def squeeze(s):
    out = []
    i = 0
    while i < len(s):
        if s[i] == ' ':
            i += 1
        else:
            out.append(s[i])
            i += 1
    return ''.join(out)`,
  },
  {
    name: 'a search that never returns what it found',
    lines: [3, 4],
    buggy: `def find_key(pairs, key):
    for k, v in pairs:
        if k == key:
            print('found', k)
    return None
`,
    fixed: `def find_key(pairs, key):
    for k, v in pairs:
        if k == key:
            print('found', k)
            return v
    return None`,
  },
];

describe('templates: insert-statement', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const candidates = await insertionCandidates(c);
      assert.ok(
        candidates.some((x) => x.newFunctionText === c.fixed),
        `the fix is not among:\n${candidates.map((x) => x.summary).join('\n')}`,
      );
      for (const x of candidates) assert.ok(x.newFileText.endsWith(OTHER), `${x.summary} touched the other function`);
      assert.ok(candidates.length <= 60, `${candidates.length} insertions`);
    });
  }

  it('inserts nothing after an exit or where the names it reads have no value yet', async () => {
    const candidates = await insertionCandidates(cases[3]!);
    for (const x of candidates) {
      const lines = x.newFunctionText.split('\n');
      const inserted = lines.findIndex((line, i) => line !== cases[3]!.buggy.split('\n')[i]);
      assert.ok(!/^\s*return\b/.test(lines[inserted - 1] ?? ''), x.summary);
      if (/\bi \+= 1/.test(lines[inserted]!)) assert.ok(lines.indexOf('    i = 0') < inserted, `${x.summary}: i has no value yet`);
    }
  });
});
