import * as assert from 'node:assert/strict';
import { PositionEncoding, Workspace } from '@astral-sh/ruff-wasm-nodejs';
import type { Candidate } from '../../src/core/types';
import { templateCandidatesFor } from '../helpers/templates';

// Bug patterns a linter knows, each with its textbook fix: where ruff has a fix for the rule
// (B006, E711, E712), the family's candidate is ruff's fix to the letter; where it has none
// (B023, F631), the fix every style guide gives.

interface RuffEdit {
  location: { row: number; column: number };
  end_location: { row: number; column: number };
  content: string | null;
}

/** `source` with ruff's fix for `rule` applied (rows and columns 1-based), or null where ruff finds or fixes nothing. */
function ruffFixed(source: string, rule: string): string | null {
  const workspace = new Workspace({ lint: { select: [rule] } }, PositionEncoding.Utf16);
  const finding = (workspace.check(source) as { fix: { edits: RuffEdit[] } | null }[])[0];
  if (!finding?.fix) return null;
  const starts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  const offset = ({ row, column }: { row: number; column: number }) => starts[row - 1]! + column - 1;
  return [...finding.fix.edits]
    .sort((a, b) => offset(b.location) - offset(a.location))
    .reduce((text, edit) => text.slice(0, offset(edit.location)) + (edit.content ?? '') + text.slice(offset(edit.end_location)), source);
}

async function candidatesOf(source: string, kind: string): Promise<Candidate[]> {
  return (await templateCandidatesFor(source)).filter((candidate) => candidate.editKind === kind);
}

async function assertRuffsFix(source: string, rule: string, kind: string): Promise<void> {
  const expected = ruffFixed(source, rule);
  assert.ok(expected, `ruff fixes ${rule} in\n${source}`);
  const texts = (await candidatesOf(source, kind)).map((candidate) => candidate.newFileText);
  assert.deepEqual(texts, [expected]);
}

describe('templates: bug patterns with known fixes', () => {
  it('a mutable default becomes None and a new value per call, after the docstring (ruff B006)', async () => {
    await assertRuffsFix(
      'def with_tag(tag, tags=[]):\n    """Tags."""\n    tags.append(tag)\n    return tags\n',
      'B006',
      'mutable-default',
    );
    await assertRuffsFix('def register(name, table={}):\n    table[name] = 1\n    return table\n', 'B006', 'mutable-default');
    await assertRuffsFix('def seen(item, items: set = set()):\n    items.add(item)\n    return items\n', 'B006', 'mutable-default');
  });

  it('a comparison with None by == or != becomes one by identity (ruff E711)', async () => {
    await assertRuffsFix(
      'def first(values):\n    for v in values:\n        if v != None:\n            return v\n',
      'E711',
      'none-comparison',
    );
    await assertRuffsFix('def missing(v):\n    return None == v\n', 'E711', 'none-comparison');
  });

  it('a comparison with True or False becomes a truth test (ruff E712)', async () => {
    await assertRuffsFix(
      'def on(settings):\n    if settings.get("dark") == True:\n        return 1\n    return 0\n',
      'E712',
      'bool-comparison',
    );
    await assertRuffsFix('def off(flag):\n    if flag == False:\n        return 1\n    return 0\n', 'E712', 'bool-comparison');
  });

  it('a lambda or def made in a loop binds the loop variable it reads as a default (B023, no ruff fix)', async () => {
    const lambdas = 'def scalers(factors):\n    return [lambda x: x * f for f in factors]\n';
    assert.equal(ruffFixed(lambdas, 'B023'), null, 'ruff has no fix: the family writes it');
    assert.deepEqual(
      (await candidatesOf(lambdas, 'late-binding')).map((c) => c.newFunctionText),
      ['def scalers(factors):\n    return [lambda x, f=f: x * f for f in factors]'],
    );
    const nested =
      'def greeters(names, **options):\n    out = []\n    for name in names:\n        def greet(**kw):\n            return name\n\n        out.append(greet)\n    return out\n';
    assert.deepEqual(
      (await candidatesOf(nested, 'late-binding')).map((c) => c.newFunctionText.split('\n')[3]),
      ['        def greet(name=name, **kw):'],
    );
    // A function that binds its own `name`, or reads no loop variable, is left alone.
    assert.deepEqual(await candidatesOf('def fs(xs):\n    return [lambda x: x for x in xs]\n', 'late-binding'), []);
  });

  it('an assert on a tuple becomes an assert with a message (F631, no ruff fix)', async () => {
    const source = 'def refund(balance, amount):\n    assert (amount > 0, "positive")\n    return balance + amount\n';
    assert.deepEqual(
      (await candidatesOf(source, 'assert-tuple')).map((c) => c.newFunctionText.split('\n')[1]),
      ['    assert amount > 0, "positive"'],
    );
  });

  it('proposes nothing where the function has none of the patterns', async () => {
    const clean =
      'def total(items, start=0, names=()):\n    if items is None or start == 0:\n        return 0\n    assert items, "empty"\n    return sum(items) + start\n';
    const kinds = new Set((await templateCandidatesFor(clean)).map((candidate) => candidate.editKind));
    for (const kind of ['mutable-default', 'none-comparison', 'bool-comparison', 'late-binding', 'assert-tuple'])
      assert.ok(!kinds.has(kind as Candidate['editKind']), kind);
  });
});
