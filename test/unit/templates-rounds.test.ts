import * as assert from 'node:assert/strict';
import { normalizeCode } from '../../src/core/generate/candidate';
import { templateStream, templateStreamOn } from '../../src/core/generate/templates';
import type { Candidate, Suspect } from '../../src/core/types';

// The search's later rounds over template edits: pairs of the best single edits (two-edit
// fixes), and single edits on top of a candidate that fixed part of the failure.

const TRIANGULAR = `def helper():
    return 2


def triangular(n):
    total = 0
    for i in range(2, n):
        total += i
    return total
`;

const suspect: Suspect = {
  file: 'series.py',
  function: 'triangular',
  startLine: 5,
  endLine: 9,
  score: 1,
  reasons: [],
  lines: [{ line: 7, score: 1 }],
};

async function drain(next: () => Promise<Candidate | null>): Promise<Candidate[]> {
  const all: Candidate[] = [];
  for (let c = await next(); c; c = await next()) all.push(c);
  return all;
}

describe('template rounds', () => {
  it('pairs two single edits on one line into the two-edit fix, and only inside the suspect', async () => {
    const stream = await templateStream([suspect], async () => TRIANGULAR);
    const round = stream.pairs();
    const pairs = await drain(() => round.next());
    const fixed = normalizeCode(TRIANGULAR.replace('range(2, n)', 'range(1, n + 1)'));
    const fix = pairs.find((c) => normalizeCode(c.newFileText) === fixed);
    assert.ok(fix, `no pair makes the fix among ${pairs.length}`);
    assert.match(fix.summary, /; /, 'the summary names both edits');
    for (const pair of pairs) assert.ok(pair.newFileText.startsWith('def helper():\n    return 2\n'), 'the other function is untouched');
  });

  it('widens the pairs past the best single edits while the search goes on', async () => {
    // Every other line ranks above the loop's, so both edits of the fix rank below the first pair window.
    const source = `def triangular(n):
    total = 0
    count = 0
    limit = n * 2 - 1
    step = 1 + n // 3
    for i in range(2, n):
        total += i
    return total + count * limit * step
`;
    const ranked: Suspect = {
      ...suspect,
      startLine: 1,
      endLine: 8,
      lines: [2, 3, 4, 5, 7, 8].map((line) => ({ line, score: 1 })).concat([{ line: 6, score: 0.01 }]),
    };
    const stream = await templateStream([ranked], async () => source);
    const singles = await drain(() => stream.next());
    const rank = (text: string) => singles.findIndex((c) => c.newFileText.includes(text));
    for (const edit of ['range(1, n)', 'range(2, n + 1)']) assert.ok(rank(edit) >= 60, `${edit} ranks ${rank(edit)} of ${singles.length}`);
    const round = stream.pairs();
    const pairs = await drain(() => round.next());
    const fixed = normalizeCode(source.replace('range(2, n)', 'range(1, n + 1)'));
    assert.ok(
      pairs.some((c) => normalizeCode(c.newFileText) === fixed),
      `no pair among ${pairs.length} makes the fix`,
    );
  });

  it('proposes edits on top of a partial fix, each replacing the original lines with both edits', async () => {
    const stream = await templateStream([suspect], async () => TRIANGULAR);
    const singles = await drain(() => stream.next());
    const base = singles.find((c) => c.newFileText.includes('range(1, n)'));
    assert.ok(base, 'a single edit lowers the start');
    const on = await templateStreamOn(base, TRIANGULAR, 1);
    const both = await drain(() => on.next());
    const fix = both.find((c) => c.newFileText.includes('range(1, n + 1)'));
    assert.ok(fix, 'the second edit completes the fix');
    assert.equal(fix.startLine, suspect.startLine);
    assert.equal(fix.endLine, suspect.endLine);
    assert.match(fix.diff, /^-    for i in range\(2, n\):$/m, 'the diff is against the original file');
    assert.match(fix.summary, new RegExp(`^${base.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; `));
  });
});
