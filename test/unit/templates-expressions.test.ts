import * as assert from 'node:assert/strict';
import { expressionEdits } from '../../src/core/generate/templates/expressions';
import { assertFixProposed, familyEditsOnFirstFunction, templateCandidatesFor } from '../helpers/templates';

// expression-tweak: expressions off by one or by a name outside index positions, a count for
// a length, the wrong sign, a collection missing an end or its order.

const expectFix = (buggy: string, qualname: string, fixed: string) => assertFixProposed(buggy, qualname, fixed, 'expression-tweak');

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
    const { edits } = await familyEditsOnFirstFunction(
      `def last(xs, n):
    return xs[n] + sum(range(n))
`,
      expressionEdits,
    );
    const summaries = edits.map((e) => e.summary);
    assert.ok(!summaries.some((s) => /`n` → `n [+-] 1`/.test(s)), summaries.join('\n'));
    assert.ok(
      summaries.some((s) => s.includes('`xs[n] + sum(range(n))` → `xs[n] + sum(range(n)) + 1`')),
      summaries.join('\n'),
    );
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
    const { edits, start, end } = await familyEditsOnFirstFunction(source, expressionEdits);
    for (const edit of edits) for (const s of edit.splices) assert.ok(s.start >= start && s.end <= end, edit.summary);
    // 30 on this function when written; a few dozen per small function is the intended scale.
    assert.ok(edits.length > 0 && edits.length <= 60, `${edits.length} edits`);
    const untouched = source.slice(source.indexOf('def untouched'));
    for (const c of await templateCandidatesFor(source, 'merge')) assert.ok(c.newFileText.endsWith(untouched), c.summary);
  });
});
