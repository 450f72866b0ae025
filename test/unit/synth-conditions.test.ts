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

function input(condition: string | null, conditionNames: string[], observations: Observation[], limit = 20): SynthesisInput {
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

  it("writes a new condition (a guard's) from values alone, truth and string tests among them, smallest first", () => {
    // A comment line must be skipped: `continue` wanted at '# a', not at the others.
    const observations: Observation[] = [
      { locals: { line: '# a', 'len(line)': 3, 'len(seen)': 0 }, original: false, wanted: true },
      { locals: { line: 'x = 1', 'len(line)': 5, 'len(seen)': 0 }, original: false, wanted: false },
      { locals: { line: 'y=#2', 'len(line)': 4, 'len(seen)': 1 }, original: false, wanted: false },
    ];
    const found = synthesizeConditions({
      condition: null,
      conditionNames: ['line'],
      observations,
      constants: [...usual, { text: "'#'", value: '#' }],
      limit: 20,
    });
    assert.equal(found[0], "line.startswith('#')");
    assert.ok(!found.some((text) => text.includes('True') || text.includes('False')), found.join(' | '));
    const values = evaluated(found, observations);
    found.forEach((text, i) => assert.deepEqual(values[i], [true, false, false], text));
    // A sized value's truth is the idiom.
    const empty = synthesizeConditions({
      condition: null,
      conditionNames: ['items'],
      observations: [
        { locals: { 'len(items)': 0 }, original: false, wanted: true },
        { locals: { 'len(items)': 2 }, original: false, wanted: false },
      ],
      constants: usual,
      limit: 3,
    });
    assert.equal(empty[0], 'not items');
  });

  it('where the tests say nothing (a failing test no schedule fixed), a condition must not raise and must change one evaluation', () => {
    const observations: Observation[] = [
      // Passing tests: the statement runs.
      { locals: { name: 'rent', account: 'rent', amount: 5 }, original: true, wanted: true },
      { locals: { name: 'food', account: 'food', amount: 7 }, original: true, wanted: true },
      // Failing tests: free, but something must change.
      { locals: { name: 'rent', account: 'rent', amount: 500 }, original: true, wanted: null },
      { locals: { name: 'food', account: 'rent', amount: 120 }, original: true, wanted: null },
    ];
    const found = synthesizeConditions(input(null, ['name', 'amount'], observations));
    assert.ok(found.includes('name == account'), found.join(' | '));
    const values = evaluated(found, observations);
    found.forEach((text, i) => {
      assert.deepEqual(values[i]!.slice(0, 2), [true, true], text);
      assert.ok(values[i]!.slice(2).includes(false), text);
    });
    // Nothing to change: no condition.
    const still = observations.map((o) => ({ ...o, locals: { ...o.locals, account: o.locals.name! } }));
    assert.deepEqual(
      synthesizeConditions(input(null, ['name'], still)).filter((t) => t.includes('account')),
      [],
    );
  });

  it('tells text from numbers by its type, and compares two texts for equality only', () => {
    const cells: Observation[] = [
      { locals: { cell: 'Amount' }, original: true, wanted: false },
      { locals: { cell: 10 }, original: true, wanted: true },
      { locals: { cell: 2.5 }, original: true, wanted: true },
    ];
    assert.equal(synthesizeConditions(input(null, ['cell'], cells))[0], 'not isinstance(cell, str)');
    const refs: Observation[] = [
      { locals: { "a['ref']": 'A1', "b['ref']": 'A1' }, original: true, wanted: true },
      { locals: { "a['ref']": 'A1', "b['ref']": 'B2' }, original: true, wanted: null },
    ];
    const found = synthesizeConditions(input(null, ['a', 'b'], refs));
    assert.equal(found[0], "a['ref'] == b['ref']");
    // Their alphabetical order tells the tests' values apart by chance (`item.sku > item.name`).
    assert.ok(!found.some((text) => /[<>]/.test(text)), found.join(' | '));
  });

  it('takes only the failing tests a schedule fixed', () => {
    const evaluations: ProbeEvaluation[] = [
      { site: 0, n: 1, test: 'fixed', value: true, returned: false, locals: { n: 1 } },
      { site: 0, n: 2, test: 'still', value: true, returned: true, locals: { n: 2 } },
      { site: 0, n: 3, test: 'passes', value: true, returned: true, locals: { n: 3 } },
    ];
    const observed = observationsOf(evaluations, new Set(['fixed', 'still']), new Set(['fixed']));
    assert.deepEqual(
      observed.map((o) => [o.locals.n, o.wanted]),
      [
        [1, false],
        [3, true],
      ],
    );
  });

  it("compares a size with whole numbers only, and never takes a record's size", () => {
    // A deposit is left out: `amount > 0` is wanted; the amounts exceed the number of lines by chance.
    const ledger = synthesizeConditions(
      input(
        null,
        ['amount'],
        [
          { locals: { amount: 120.5, 'len(lines)': 2 }, original: true, wanted: true },
          { locals: { amount: 4.25, 'len(lines)': 2 }, original: true, wanted: true },
          { locals: { amount: -20.0, 'len(lines)': 2 }, original: true, wanted: null },
        ],
      ),
    );
    assert.equal(ledger[0], 'amount > 0');
    assert.ok(!ledger.some((text) => text.includes('len(lines)')), ledger.join(' | '));
    // A dict read by its keys has a size, the number of its keys: no quantity of the program; and
    // its fields are data, not positions to bound by another collection's size.
    const stock = synthesizeConditions(
      input(
        null,
        ['item'],
        [
          { locals: { "item['qty']": 2, "item['minimum']": 10, 'len(item)': 4, 'len(stock)': 3 }, original: true, wanted: true },
          { locals: { "item['qty']": 9, "item['minimum']": 5, 'len(item)': 4, 'len(stock)': 3 }, original: true, wanted: null },
          { locals: { "item['qty']": 3, "item['minimum']": 3, 'len(item)': 4, 'len(stock)': 3 }, original: true, wanted: null },
        ],
      ),
    );
    assert.equal(stock[0], "item['qty'] < item['minimum']");
    assert.ok(!stock.some((text) => text.includes('len(')), stock.join(' | '));
    // A whole number against a size is an ordinary bound.
    const bound = synthesizeConditions(
      input(
        null,
        ['i'],
        [
          { locals: { i: 0, 'len(items)': 2 }, original: true, wanted: true },
          { locals: { i: 2, 'len(items)': 2 }, original: true, wanted: false },
        ],
      ),
    );
    assert.ok(bound.includes('i < len(items)'), bound.join(' | '));
  });
});

let cached: { key: string; values: boolean[][] } | undefined;

/** Each condition evaluated by Python itself at each observation's locals. */
function evaluated(texts: string[], observations: Observation[]): boolean[][] {
  const key = JSON.stringify([texts, observations]);
  if (cached?.key !== key) {
    // A sized value `len(x)` stands for: a list of that length, unless `x` is there itself.
    const scopes = observations.map(({ locals }) =>
      Object.fromEntries(
        Object.entries(locals).map(([name, value]) => {
          const sized = /^len\((\w+)\)$/.exec(name)?.[1];
          return sized && !(sized in locals) ? [sized, Array.from({ length: Number(value) }, () => 0)] : [name, value];
        }),
      ),
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
