import * as assert from 'node:assert/strict';
import type { Candidate } from '../../src/core/types';
import { assertFunctionFixAmong, assertOtherUntouched, firstFunctionCandidates } from '../helpers/templates';

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

function insertionCandidates(c: InsertionCase): Promise<Candidate[]> {
  return firstFunctionCandidates(c.buggy, OTHER, new Set(['insert-statement']), { lines: c.lines });
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
      assertFunctionFixAmong(candidates, c.fixed);
      assertOtherUntouched(candidates, OTHER);
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
