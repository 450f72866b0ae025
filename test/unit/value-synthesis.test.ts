import * as assert from 'node:assert/strict';
import { expectedFirst, standingVariants } from '../../src/core/synth/value-probe';
import type { ValueSite } from '../../src/core/synth/value-sites';
import { PARAMETER, variantsOf } from '../../src/core/synth/value-variants';
import type { ProbeEvaluation } from '../../src/core/wire';

// Variants of a suspect value: smallest first, written so they read as the site needs; and
// which of them the probe's evaluations leave standing (another value in the failing tests,
// none that raises there, the own value wherever a passing test ran).

function site(text: string, kind: ValueSite['kind'], primary: boolean, scope: string[] = []): ValueSite {
  const suspect = { file: 'm.py', function: 'f', startLine: 1, endLine: 2, score: 1, reasons: [], lines: [] };
  return {
    suspect,
    source: '',
    start: 0,
    end: 0,
    text,
    line: 2,
    region: { start: 0, end: 0 },
    kind,
    primary,
    scope,
    constants: [{ text: '6', value: 6 }],
    helpers: ['escape'],
  };
}

function evaluation(test: string, variants: (string | null)[]): ProbeEvaluation {
  return { site: 0, n: 1, test, value: null, returned: null, locals: {}, variants };
}

describe('Value synthesis', () => {
  it("slices a value by a name in scope, and puts another name's size in its place, within the variants tried", () => {
    const texts = variantsOf(site('ranked', 'return', true, ['sales', 'limit', 'revenue', 'name', 'quantity', 'price'])).map((v) => v.text);
    for (const wanted of ['ranked[:limit]', 'ranked[limit:]', 'ranked[-limit:]', 'len(sales)']) assert.ok(texts.includes(wanted), wanted);
  });

  it('does not reorder a tuple or list written out in place (an edit of the display, not a value)', () => {
    const shown = (text: string) => variantsOf(site(text, 'argument', true)).map((v) => v.text);
    const reorders = /\b(sorted|reversed|set|dict\.fromkeys|min|max)\(/;
    assert.deepEqual(
      shown('(url, title)').filter((text) => reorders.test(text)),
      [],
    );
    assert.deepEqual(
      shown('[first, last]').filter((text) => reorders.test(text)),
      [],
    );
    assert.ok(shown('names').includes('list(reversed(names))'), 'a named collection may still be reordered');
  });

  it('lists one-call variants before those with an argument, a constant or a name, none twice', () => {
    const variants = variantsOf(site('name', 'return', true, ['width']));
    const texts = variants.map((v) => v.text);
    assert.deepEqual(texts.slice(0, 3), ['name.lower()', 'name.upper()', 'name.strip()']);
    const costs = variants.map((v) => v.cost);
    assert.deepEqual(
      costs,
      [...costs].sort((a, b) => a - b),
    );
    assert.ok(texts.indexOf('round(name)') < texts.indexOf('round(name, 1)'));
    assert.ok(texts.indexOf('name.zfill(6)') < texts.indexOf('name * width'));
    assert.ok(texts.includes('width - name'));
    assert.equal(new Set(texts).size, texts.length);
    assert.equal(variants[0]!.probe, `${PARAMETER}.lower()`);
    assert.ok(texts.includes('escape(name)') && texts.includes('name.zfill(2)') && texts.includes('name - len(width)'));
  });

  it('gives a sorting call a key, the module functions among the keys', () => {
    const sorting = { ...site('sorted(names)', 'return', true), ordering: { callee: 'sorted', argument: 'names' } };
    const variants = variantsOf(sorting);
    const keyed = variants.find((v) => v.text === 'sorted(names, key=str.lower)');
    assert.equal(keyed?.probe, 'sorted(names, key=str.lower)', 'it reads the argument from the scope, not the value');
    const texts = variants.map((v) => v.text);
    assert.ok(texts.indexOf('sorted(names, key=escape)') < texts.indexOf('sorted(names, key=str.lower)'));
    assert.ok(texts.indexOf('sorted(names, key=len)') < texts.indexOf('sorted(sorted(names), key=len)'), 'its own sort before a wrap');
    assert.ok(texts.indexOf('escape(sorted(names))') < texts.indexOf('round(sorted(names), 2)'), 'a helper before a generic wrap');
  });

  it('parenthesizes an expression before a method, and an operator variant where the site is an operand', () => {
    const sum = variantsOf(site('a + b', 'return', false)).map((v) => v.text);
    assert.ok(sum.includes('(a + b).strip()') && sum.includes('round(a + b, 1)') && sum.includes('(a + b) * 6'));
    const operand = variantsOf(site('qty', 'operand', true)).map((v) => v.text);
    assert.ok(operand.includes('int(qty)') && operand.includes('(qty + 6)'));
  });

  it('keeps variants that change the failing evaluations and agree with every passing one, at most two per behaviour', () => {
    const failing = new Set(['t::fails']);
    const observed = [evaluation('t::fails', ['=', null, "'a'", "'a'", "'a'", "'b'", "'b'"])];
    // 0: the own value; 1: raises; 2-4: one behaviour, three times; 5: changes a passing test; 6: fits.
    const checked = [evaluation('t::passes', ['=', '=', '=', '=', '=', "'x'", '=']), evaluation('', ['=', '=', '=', '=', '=', '=', "'y'"])];
    assert.deepEqual(standingVariants(7, observed, [], failing), [2, 3, 5, 6]);
    assert.deepEqual(standingVariants(7, observed, checked, failing), [2, 3, 6]);
    assert.deepEqual(standingVariants(7, [], checked, failing), []);
  });

  it('puts first the variants whose value the failing assertion expected', () => {
    const observed = [evaluation('t::fails', ["'A'", "'b'"])];
    assert.deepEqual(expectedFirst([0, 1], observed, ["AssertionError: assert 'B' == 'b'"]), [1, 0]);
    assert.deepEqual(expectedFirst([0, 1], observed, ['AssertionError']), [0, 1]);
  });
});
