import * as assert from 'node:assert/strict';
import { templateCandidates } from '../../src/core/generate/templates';
import { runtimeTypeEdits } from '../../src/core/generate/templates/runtime-types';
import type { Edit } from '../../src/core/generate/templates/edit';
import type { Failure, LocalType } from '../../src/core/types';
import { familyEditsOnFirstFunction, rankOfFix, suspectOver } from '../helpers/templates';

// typed-call, typed-attribute and test-literal: edits the failing runs' values make possible.
// A name's runtime type (its frame's locals, or the failing test's argument) gives its type's
// methods and conversions; an object's recorded attributes give the attribute meant; the
// failing tests' literals give the literal meant. Nothing is proposed for a name of unknown type.

function types(entries: Record<string, LocalType>): Map<string, LocalType> {
  return new Map(Object.entries(entries));
}

/** The family's edits on `source`'s first function, as the text of each replacement. */
async function replacements(source: string, evidence: Parameters<typeof familyEditsOnFirstFunction>[2]): Promise<string[]> {
  const { edits } = await familyEditsOnFirstFunction(source, runtimeTypeEdits, evidence);
  return edits.map((e: Edit) => e.splices.map((s) => s.text).join(' '));
}

const KEY = `def key_of(name):
    return name
`;

describe('templates: runtime types', () => {
  it('gives a str its own methods, two deep for strip-then-case, and nothing to a name of unknown type', async () => {
    const texts = await replacements(KEY, { types: types({ name: { type: 'str' } }) });
    for (const want of ['name.strip()', 'name.lower()', 'name.title()', 'name.strip().lower()'])
      assert.ok(texts.includes(want), `${want} in ${texts}`);
    assert.deepEqual(await replacements(KEY, {}), []);
    assert.ok(!(await replacements(KEY, { types: types({ name: { type: 'int' } }) })).some((t) => t.includes('strip')));
  });

  it('does not add a second case to a str already lowered', async () => {
    const texts = await replacements(`def key_of(name):\n    return name.lower()\n`, { types: types({ name: { type: 'str' } }) });
    assert.ok(texts.includes('name.strip()'));
    assert.ok(!texts.some((t) => t === 'name.upper()' || t === 'name.casefold()'), texts.join(', '));
  });

  it('rounds and converts numbers by their runtime type, and de-duplicates a list keeping its order', async () => {
    const total = await replacements(`def total(price):\n    return price\n`, { types: types({ price: { type: 'float' } }) });
    assert.ok(total.includes('round(price, 2)') && total.includes('int(price)'), total.join(', '));
    const unique = await replacements(`def unique(tags):\n    return tags\n`, { types: types({ tags: { type: 'list' } }) });
    assert.ok(unique.includes('list(dict.fromkeys(tags))'), unique.join(', '));
    assert.ok(!unique.includes('sorted(tags)'), "wrapping.ts's sorted(x) is not proposed again");
  });

  it('swaps a str method for a neighbour calls.ts lacks, only on a str', async () => {
    const source = `def pad(label, width):\n    return label.ljust(width)\n`;
    assert.ok((await replacements(source, { types: types({ label: { type: 'str' } }) })).includes('rjust'));
    assert.ok(!(await replacements(source, { types: types({ label: { type: 'list' } }) })).includes('rjust'));
  });

  it('reads a dict with .get where it is known to be one', async () => {
    const source = `def price(prices, item, default):\n    return prices[item]\n`;
    const texts = await replacements(source, { types: types({ prices: { type: 'dict' } }) });
    assert.equal(texts[0], 'prices.get(item, default)');
    assert.ok(texts.includes('prices.get(item)') && texts.includes('prices.get(item, 0)'));
    assert.ok(!(await replacements(source, { types: types({ prices: { type: 'list' } }) })).some((t) => t.includes('.get(')));
  });

  it('reads another attribute the object had, one the file never names, the most alike first', async () => {
    const source = `def label(order):\n    return order.name\n`;
    const texts = await replacements(source, { types: types({ order: { type: 'Order', attributes: ['customer_name', 'total', 'id'] } }) });
    assert.deepEqual(texts.slice(0, 3), ['customer_name', 'total', 'id']);
  });

  it("replaces a literal by a failing test's literal of the same kind", async () => {
    const source = `def join(parts):\n    return ','.join(parts)\n`;
    const literals = [
      { text: "'a-b'", kind: 'string' as const },
      { text: "'-'", kind: 'string' as const },
      { text: '3', kind: 'number' as const },
    ];
    const texts = await replacements(source, { testLiterals: literals });
    assert.ok(texts.includes("'-'") && !texts.includes('3'), texts.join(', '));
  });
});

describe('templates: runtime types from the failing runs', () => {
  const module = `def normalize(name):
    return name


def other(x):
    return x
`;
  const test = `from mod import normalize


def test_normalize():
    assert normalize("  Ada ") == "Ada"
`;
  const failure: Failure = {
    nodeid: 'test_mod.py::test_normalize',
    kind: 'test',
    exception: 'AssertionError',
    message: '',
    longrepr: '',
    frames: [{ file: 'test_mod.py', line: 5, function: 'test_normalize', inWorkspace: true, locals: {}, localTypes: {} }],
  };
  const read = async (file: string) => (file === 'test_mod.py' ? test : file === 'mod.py' ? module : null);

  it("types a parameter from the failing test's argument and proposes its method", async () => {
    const suspect = { ...(await suspectOver(module, 'normalize', [2])), file: 'mod.py' };
    const candidates = await templateCandidates([suspect], read, { failures: [failure] });
    const fixed = module.replace('return name\n', 'return name.strip()\n');
    assert.ok(rankOfFix(candidates, fixed) > 0, 'the strip is proposed');
    assert.equal(candidates[rankOfFix(candidates, fixed) - 1]!.editKind, 'typed-call');
    const blind = await templateCandidates([suspect], read, {});
    assert.equal(rankOfFix(blind, fixed), 0, 'not without the failing test');
  });

  it("types a local from its frame's runtime type", async () => {
    const suspect = { ...(await suspectOver(module, 'normalize', [2])), file: 'mod.py' };
    const raised: Failure = {
      ...failure,
      frames: [
        ...failure.frames,
        {
          file: 'mod.py',
          line: 2,
          function: 'normalize',
          inWorkspace: true,
          locals: { name: "' x'" },
          localTypes: { name: { type: 'str' } },
        },
      ],
    };
    const candidates = await templateCandidates([suspect], async (file) => (file === 'mod.py' ? module : null), { failures: [raised] });
    assert.ok(candidates.some((c) => c.editKind === 'typed-call' && c.newFunctionText.includes('name.lower()')));
  });
});
