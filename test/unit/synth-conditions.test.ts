import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { observationsOf } from '../../src/core/synth/probe';
import { pythonCompare } from '../../src/core/synth/python-compare';
import { synthesizeConditions, type Observation, type SynthesisInput } from '../../src/core/synth/synthesize';
import type { ProbeEvaluation } from '../../src/core/wire';

// Conditions synthesized from what a probed condition should have given: smallest first, and
// each agreeing with every recorded evaluation as Python would evaluate it.

const usual = [
  { text: '0', value: 0 },
  { text: '1', value: 1 },
];

function input(condition: string, conditionNames: string[], observations: Observation[], limit = 20): SynthesisInput {
  return { condition, conditionNames, observations, constants: usual, limit };
}

describe('Condition synthesis', () => {
  it('compares as Python does: bool is an int, ordering across types raises, equality across types is False', () => {
    assert.equal(pythonCompare(true, '<', 2), true);
    assert.equal(pythonCompare(1, '==', 1.0), true);
    assert.equal(pythonCompare('a', '<', 'b'), true);
    assert.equal(pythonCompare(null, '<', 1), undefined);
    assert.equal(pythonCompare('1', '<', 1), undefined);
    assert.equal(pythonCompare('1', '==', 1), false);
    assert.equal(pythonCompare(null, '!=', 3), true);
  });

  it('finds a missing disjunct, smallest first, and every condition it gives agrees with every evaluation', () => {
    // `count > limit` where the tests want `count >= limit or urgent`.
    const observations: Observation[] = [
      { locals: { count: 3, limit: 3, urgent: false }, original: false, wanted: true },
      { locals: { count: 1, limit: 3, urgent: true }, original: false, wanted: true },
      { locals: { count: 4, limit: 3, urgent: false }, original: true, wanted: true },
      { locals: { count: 2, limit: 3, urgent: false }, original: false, wanted: false },
      { locals: { count: 0, limit: 2, urgent: false }, original: false, wanted: false },
    ];
    const found = synthesizeConditions(input('count > limit', ['count', 'limit'], observations));
    assert.equal(found[0], 'urgent or count >= limit');
    const wanted = observations.map((o) => o.wanted);
    const values = evaluated(found, observations);
    found.forEach((text, i) => assert.deepEqual(values[i], wanted, text));
  });

  it('keeps the condition and adds a conjunct before a larger expression; a guard goes first', () => {
    const observations: Observation[] = [
      { locals: { i: 0, limit: 2, 'len(values)': 4 }, original: true, wanted: true },
      { locals: { i: 1, limit: 2, 'len(values)': 4 }, original: true, wanted: true },
      { locals: { i: 2, limit: 2, 'len(values)': 4 }, original: true, wanted: false },
      { locals: { i: 0, limit: 5, 'len(values)': 4 }, original: true, wanted: true },
      { locals: { i: 3, limit: 5, 'len(values)': 4 }, original: true, wanted: true },
      { locals: { i: 2, limit: 5, 'len(values)': 4 }, original: false, wanted: false },
    ];
    const found = synthesizeConditions(input('i < len(values) and values[i] != stop', ['i', 'values', 'stop'], observations));
    assert.equal(found[0], 'i < limit and (i < len(values) and values[i] != stop)');
  });

  it('never reads a condition that raised, unless a guard before it stops first', () => {
    // The condition raised at the last evaluation (an index past the end): only a guard that is False there fits.
    const observations: Observation[] = [
      { locals: { i: 0, n: 2 }, original: true, wanted: true },
      { locals: { i: 1, n: 2 }, original: true, wanted: true },
      { locals: { i: 2, n: 2 }, original: null, wanted: false },
    ];
    const found = synthesizeConditions(input('xs[i] > 0', ['xs', 'i'], observations));
    assert.ok(found.includes('i < n and xs[i] > 0'), found.join(' | '));
    assert.ok(!found.some((text) => text.startsWith('xs[i] > 0')), found.join(' | '));
  });

  it('gives at most the limit, and nothing where no expression fits', () => {
    const observations: Observation[] = [
      { locals: { a: 1 }, original: false, wanted: true },
      { locals: { a: 1 }, original: false, wanted: false },
    ];
    assert.deepEqual(synthesizeConditions(input('a > 2', ['a'], observations)), []);
    const many = synthesizeConditions(input('a > 2', ['a'], [{ locals: { a: 1, b: 2, c: 3 }, original: false, wanted: true }], 5));
    assert.equal(many.length, 5);
  });

  it("takes a failing test's forced values, and a passing test's own values only until the schedule changed one", () => {
    const failing = new Set(['t.py::test_fails']);
    const e = (n: number, test: string, value: boolean | null, returned: boolean): ProbeEvaluation => ({
      site: 0,
      n,
      test,
      value,
      returned,
      locals: { n },
    });
    const observed = observationsOf(
      [
        e(1, 't.py::test_fails', false, true),
        e(2, 't.py::test_passes', true, true),
        e(3, 't.py::test_passes', false, true),
        e(4, 't.py::test_passes', true, true),
        e(5, '', true, true),
      ],
      failing,
    );
    assert.deepEqual(
      observed.map((o) => [o.locals.n, o.wanted]),
      [
        [1, true],
        [2, true],
        [3, false],
      ],
    );
  });
});

let cached: { key: string; values: boolean[][] } | undefined;

/** Each condition evaluated by Python itself at each observation's locals (the plain names only). */
function evaluated(texts: string[], observations: Observation[]): boolean[][] {
  const key = JSON.stringify([texts, observations]);
  if (cached?.key !== key) {
    const scopes = observations.map(({ locals }) =>
      Object.fromEntries(Object.entries(locals).filter(([name]) => !name.startsWith('len('))),
    );
    const script =
      'import json, sys\nt, s = json.loads(sys.argv[1]), json.loads(sys.argv[2])\nprint(json.dumps([[bool(eval(x, {}, l)) for l in s] for x in t]))';
    cached = {
      key,
      values: JSON.parse(
        execFileSync('python3', ['-c', script, JSON.stringify(texts), JSON.stringify(scopes)], { encoding: 'utf8' }),
      ) as boolean[][],
    };
  }
  return cached.values;
}
