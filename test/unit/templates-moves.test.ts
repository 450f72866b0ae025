import * as assert from 'node:assert/strict';
import type { Candidate } from '../../src/core/types';
import { assertFunctionFixAmong, assertOtherUntouched, firstFunctionCandidates } from '../helpers/templates';

// move-statement: a misplaced line. Each case is a buggy function followed by an untouched
// one with the same shape, and the intended fix of the first; the suspect covers the first
// function only.

interface MoveCase {
  name: string;
  buggy: string;
  fixed: string;
  lines: number[];
}

const OTHER = `def other(xs):
    s = 0
    for x in xs:
        s += x
        return s
`;

function moveCandidates(c: MoveCase): Promise<Candidate[]> {
  return firstFunctionCandidates(c.buggy, OTHER, new Set(['move-statement']), { lines: c.lines });
}

const cases: MoveCase[] = [
  {
    name: 'a return indented into the loop',
    lines: [5, 4],
    buggy: `def total(xs):
    s = 0
    for x in xs:
        s += x
        return s
`,
    fixed: `def total(xs):
    s = 0
    for x in xs:
        s += x
    return s`,
  },
  {
    name: 'an update dedented out of the loop',
    lines: [5, 6],
    buggy: `def mean(xs):
    n, s = 0, 0
    for x in xs:
        n += 1
    s += x
    return s / n
`,
    fixed: `def mean(xs):
    n, s = 0, 0
    for x in xs:
        n += 1
        s += x
    return s / n`,
  },
  {
    name: 'a running total recorded before it is updated',
    lines: [5, 6],
    buggy: `def running_totals(xs):
    out = []
    total = 0
    for x in xs:
        out.append(total)
        total += x
    return out
`,
    fixed: `def running_totals(xs):
    out = []
    total = 0
    for x in xs:
        total += x
        out.append(total)
    return out`,
  },
  {
    name: 'an initialisation that belongs inside the loop',
    lines: [3, 6],
    buggy: `def row_sums(rows):
    sums = []
    total = 0
    for row in rows:
        for x in row:
            total += x
        sums.append(total)
    return sums
`,
    fixed: `def row_sums(rows):
    sums = []
    for row in rows:
        total = 0
        for x in row:
            total += x
        sums.append(total)
    return sums`,
  },
];

describe('templates: move-statement', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const candidates = await moveCandidates(c);
      assertFunctionFixAmong(candidates, c.fixed);
      assertOtherUntouched(candidates, OTHER);
      assert.ok(candidates.length <= 12, `${candidates.length} moves`);
    });
  }

  it('swaps no two lines whose order does not matter, and moves no line above the loop binding what it reads', async () => {
    const candidates = await moveCandidates({
      name: 'independent lines',
      lines: [],
      buggy: `def stats(xs):
    lo = min(xs)
    hi = max(xs)
    for x in xs:
        print(x)
        lo = min(lo, x)
    done = True
    return lo, hi, done
`,
      fixed: '',
    });
    const summaries = candidates.map((x) => x.summary);
    assert.ok(!summaries.some((s) => s.includes('move `lo = min(xs)` below `hi = max(xs)`')), summaries.join('\n'));
    assert.ok(!summaries.some((s) => s.includes('move `print(x)` before the loop')), summaries.join('\n'));
  });
});
