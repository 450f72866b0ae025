import * as assert from 'node:assert/strict';
import { builtinEdits } from '../../src/core/generate/templates/builtins';
import { assertFixProposed, familyEditsOnFirstFunction, templateCandidatesFor } from '../helpers/templates';

// wrap-builtin and unwrap-call: a value missing the builtin call around it (only builtins the
// code already uses), or a call where one of its arguments was meant.

describe('templates: wrap-builtin and unwrap-call', () => {
  it('counts the distinct items instead of returning them', async () => {
    await assertFixProposed(
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
    await assertFixProposed(
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
    await assertFixProposed(
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
    await assertFixProposed(
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
    await assertFixProposed(
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
    const { edits } = await familyEditsOnFirstFunction(
      `def spread(xs):
    return max(xs) - min(xs)
`,
      builtinEdits,
    );
    const summaries = edits.map((e) => e.summary);
    assert.ok(
      summaries.every((s) => !/abs\(|sorted\(|max\(max\(xs\)\)|min\(min\(xs\)\)|\(xs, 0\)/.test(s)),
      summaries.join('\n'),
    );
    assert.ok(summaries.includes('line 2: `max(xs) - min(xs)` → `max(max(xs) - min(xs), 0)`'), summaries.join('\n'));
  });

  it('proposes nothing outside the suspect', async () => {
    const source = `def total(prices, discount):
    subtotal = sum(prices)
    return subtotal - discount


def untouched(xs):
    return len(sorted(xs))
`;
    const { edits, start, end } = await familyEditsOnFirstFunction(source, builtinEdits);
    assert.ok(edits.length > 0);
    for (const edit of edits) for (const s of edit.splices) assert.ok(s.start >= start && s.end <= end, edit.summary);
    const untouched = source.slice(source.indexOf('def untouched'));
    for (const c of await templateCandidatesFor(source, 'total')) assert.ok(c.newFileText.endsWith(untouched), c.summary);
  });
});
