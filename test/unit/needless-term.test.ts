import * as assert from 'node:assert/strict';
import { assuranceOf } from '../../src/core/review/assurance';
import { withNeedlessTerms } from '../../src/core/review/patch-shape/needless-term';
import { rankValidated } from '../../src/core/review/ranking';
import type { ValidatedPatch } from '../../src/core/types';

// A shown patch that is another shown patch with one more operand of `and`/`or` has a term the
// tests do not need: it gets an objection (so it is unconfirmed and ranked after the smaller
// one) only where the smaller one has none, and only for whole operands.

const FILE = `def shorten(title, width):
    if CONDITION:
        return title
    return title[: width - 3] + "..."
`;

const evidence = { kept: 2, changed: [], newInputs: 2, agreesOn: 2, others: 3, asBefore: 2, crashes: [], group: 0 };

function patch(condition: string, extra: Partial<ValidatedPatch> = {}): ValidatedPatch {
  const text = FILE.replace('CONDITION', condition);
  return {
    kind: 'candidate',
    file: 'titles.py',
    function: 'shorten',
    startLine: 1,
    endLine: 4,
    newFunctionText: text,
    newFileText: text,
    diff: `-    return title[: width - 3]\n+    if ${condition}:\n`,
    source: 'synth',
    editKind: 'synth-return',
    summary: condition,
    score: 0.1,
    validation: { failingFixed: 1, failingTotal: 1, suitePassed: 4, suiteTotal: 4 },
    baseSha256: '',
    behaviour: evidence,
    ...extra,
  };
}

const objected = (patches: ValidatedPatch[]) =>
  Object.fromEntries(withNeedlessTerms(patches).map((p) => [p.summary, (p.shape ?? []).map((s) => s.text)]));

describe('needless terms of a condition', () => {
  it('objects to a conjunct, a disjunct before and a disjunct after that the smaller patch passes without', () => {
    const found = objected([
      patch('title and len(title) <= width'),
      patch('not title or len(title) <= width'),
      patch('len(title) <= width or len(title) == width'),
      patch('len(title) <= width'),
    ]);
    assert.deepEqual(found, {
      'title and len(title) <= width': ['adds `title and`, which the tests do not need (the patch without it passes them)'],
      'not title or len(title) <= width': ['adds `not title or`, which the tests do not need (the patch without it passes them)'],
      'len(title) <= width or len(title) == width': [
        'adds `or len(title) == width`, which the tests do not need (the patch without it passes them)',
      ],
      'len(title) <= width': [],
    });
  });

  it('finds the term wherever the inserted text can be said to start (it shares characters with what follows)', () => {
    assert.deepEqual(objected([patch("item['sku'] and item['qty'] < 3"), patch("item['qty'] < 3")]), {
      "item['sku'] and item['qty'] < 3": ["adds `item['sku'] and`, which the tests do not need (the patch without it passes them)"],
      "item['qty'] < 3": [],
    });
    assert.deepEqual(objected([patch("item and item['qty'] < 3"), patch("item['qty'] < 3")]), {
      "item and item['qty'] < 3": ['adds `item and`, which the tests do not need (the patch without it passes them)'],
      "item['qty'] < 3": [],
    });
    // Read as ` and value` after `value`, `== '1'` would go on with it: it is `value and` before.
    assert.deepEqual(objected([patch("value and value == '1'"), patch("value == '1'")]), {
      "value and value == '1'": ['adds `value and`, which the tests do not need (the patch without it passes them)'],
      "value == '1'": [],
    });
    // Read as ` and title` after `title` it would split a name: read whole, it is `title and`.
    assert.deepEqual(objected([patch('title and title_ok'), patch('title_ok')]), {
      'title and title_ok': ['adds `title and`, which the tests do not need (the patch without it passes them)'],
      title_ok: [],
    });
  });

  it('ranks the smaller patch first and leaves the larger unconfirmed, whatever the search order', () => {
    const ranked = rankValidated(withNeedlessTerms([patch('title and len(title) <= width', { score: 0.9 }), patch('len(title) <= width')]));
    assert.deepEqual(
      ranked.map((p) => [p.summary, assuranceOf(p)]),
      [
        ['len(title) <= width', 'fix'],
        ['title and len(title) <= width', 'unconfirmed'],
      ],
    );
  });

  it('says nothing where the difference is not a whole operand', () => {
    assert.deepEqual(objected([patch('lines and x'), patch('line and x')]), { 'lines and x': [], 'line and x': [] });
    assert.deepEqual(objected([patch('len(title) + 1 <= width'), patch('len(title) <= width')]), {
      'len(title) + 1 <= width': [],
      'len(title) <= width': [],
    });
  });

  it('says nothing where the smaller patch has an objection of its own (the term may be what keeps a recorded call)', () => {
    const changed = { call: 'shorten("", 3)', before: "''", after: "'...'" };
    const found = objected([
      patch('title and len(title) <= width'),
      patch('len(title) <= width', { behaviour: { ...evidence, changed: [changed] } }),
    ]);
    assert.deepEqual(found, { 'title and len(title) <= width': [], 'len(title) <= width': [] });
  });

  it('compares patches of the same file only', () => {
    const other = patch('len(title) <= width', { file: 'other.py' });
    assert.deepEqual(objected([patch('title and len(title) <= width'), other]), {
      'title and len(title) <= width': [],
      'len(title) <= width': [],
    });
  });
});
