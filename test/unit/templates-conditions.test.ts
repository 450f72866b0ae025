import * as assert from 'node:assert/strict';
import type { Candidate, Failure } from '../../src/core/types';
import { assertFunctionFixAmong, assertOtherUntouched, firstFunctionCandidates } from '../helpers/templates';

// condition-widen / condition-narrow: a condition missing a case or a check. Each case is a
// buggy function followed by an untouched one with the same shape, and the intended fix of
// the first; the suspect covers the first function only.

const KINDS = new Set(['condition-widen', 'condition-narrow']);

interface ConditionCase {
  name: string;
  kind: string;
  buggy: string;
  fixed: string;
  lines: number[];
  failures?: Failure[];
}

const OTHER = `def other(xs, i):
    while xs[i] == 0:
        i += 1
    return i
`;

function conditionCandidates(c: ConditionCase): Promise<Candidate[]> {
  return firstFunctionCandidates(c.buggy, OTHER, KINDS, { lines: c.lines, failures: c.failures ?? [] });
}

const noneItem: Failure = {
  nodeid: 'test_algo.py::test_none',
  kind: 'test',
  exception: 'AttributeError',
  message: "'NoneType' object has no attribute 'upper'",
  longrepr: '',
  frames: [{ file: 'algo.py', line: 4, function: 'label', locals: { item: 'None', default: "'x'" }, inWorkspace: true }],
};

const cases: ConditionCase[] = [
  {
    name: 'a missing bounds check in a while condition',
    kind: 'condition-narrow',
    lines: [3, 4],
    buggy: `def count_leading(xs, target):
    i = 0
    while xs[i] == target:
        i += 1
    return i
`,
    fixed: `def count_leading(xs, target):
    i = 0
    while i < len(xs) and xs[i] == target:
        i += 1
    return i`,
  },
  {
    name: 'a missing None case, first with the failing frame showing None',
    kind: 'condition-widen',
    lines: [2, 4],
    failures: [noneItem],
    buggy: `def label(item, default):
    if item == '':
        return default
    return item.upper()
`,
    fixed: `def label(item, default):
    if item is None or item == '':
        return default
    return item.upper()`,
  },
  {
    name: 'a constant loop condition where a test of the queue was meant',
    kind: 'condition-narrow',
    lines: [3],
    buggy: `def drain(queue):
    out = []
    while True:
        out.append(queue.pop())
    return out
`,
    fixed: `def drain(queue):
    out = []
    while queue:
        out.append(queue.pop())
    return out`,
  },
  {
    name: 'a missing truthiness check in a conditional expression',
    kind: 'condition-narrow',
    lines: [2],
    buggy: `def first_or(xs, default):
    return xs[0] if xs[0] is not None else default
`,
    fixed: `def first_or(xs, default):
    return xs[0] if xs and xs[0] is not None else default`,
  },
];

describe('templates: condition-widen / condition-narrow', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const candidates = await conditionCandidates(c);
      assert.equal(assertFunctionFixAmong(candidates, c.fixed).editKind, c.kind);
      assertOtherUntouched(candidates, OTHER);
      assert.ok(candidates.length <= 30, `${candidates.length} condition candidates`);
    });
  }

  it("puts the None-valued name's test first when the failing frame shows it", async () => {
    const c = cases.find((x) => x.failures)!;
    const withFrames = await conditionCandidates(c);
    assert.equal(withFrames.filter((x) => x.editKind === 'condition-widen')[0]!.newFunctionText, c.fixed);
    const blind = await conditionCandidates({ ...c, failures: [] });
    const score = (list: Candidate[], text: string) => list.find((x) => x.newFunctionText.includes(text))!.score;
    assert.ok(score(withFrames, 'item is None or') > score(blind, 'item is None or'));
    assert.ok(score(withFrames, 'or default is None') < score(withFrames, 'item is None or') / 5);
  });
});
