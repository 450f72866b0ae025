import * as assert from 'node:assert/strict';
import { literalEdits } from '../../src/core/generate/templates/literals';
import { assertFixProposed, familyEditsOnFirstFunction, templateCandidatesFor } from '../helpers/templates';

// fill-literal: a placeholder literal left where a local or parameter was meant.

describe('templates: fill-literal', () => {
  it('returns the list the function built instead of an empty one', async () => {
    await assertFixProposed(
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
    await assertFixProposed(
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
    await assertFixProposed(
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
    await assertFixProposed(
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
    const { edits } = await familyEditsOnFirstFunction(
      `def f(xs):
    n = 0
    for x in xs:
        n += len(x)
    return n
`,
      literalEdits,
    );
    const summaries = edits.map((e) => e.summary);
    assert.ok(
      summaries.every((s) => !s.endsWith('→ `xs`') && !s.endsWith('`0` → `n`')),
      summaries.join('\n'),
    );
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
    const { edits, start, end } = await familyEditsOnFirstFunction(source, literalEdits);
    assert.ok(edits.length > 0);
    for (const edit of edits) for (const s of edit.splices) assert.ok(s.start >= start && s.end <= end, edit.summary);
    const untouched = source.slice(source.indexOf('def untouched'));
    for (const c of await templateCandidatesFor(source, 'build')) assert.ok(c.newFileText.endsWith(untouched), c.summary);
  });
});
