import * as assert from 'node:assert/strict';
import { templateCandidates } from '../../src/core/generate/templates';
import { listFunctions } from '../../src/core/syntax/functions';
import type { Candidate, Suspect } from '../../src/core/types';

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

async function moveCandidates(c: MoveCase): Promise<Candidate[]> {
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
  return candidates.filter((x) => x.editKind === 'move-statement');
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
      assert.ok(
        candidates.some((x) => x.newFunctionText === c.fixed),
        `the fix is not among:\n${candidates.map((x) => x.summary).join('\n')}`,
      );
      for (const x of candidates) assert.ok(x.newFileText.endsWith(OTHER), `${x.summary} touched the other function`);
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
