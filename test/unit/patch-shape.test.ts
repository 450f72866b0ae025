import * as assert from 'node:assert/strict';
import { shapeObjections } from '../../src/core/review/patch-shape';
import { rankValidated } from '../../src/core/review/ranking';
import type { ShapeObjection, ValidatedPatch } from '../../src/core/types';

// Shapes that rank a validated patch after better-shaped ones, judged against the function before.

const CLAMP = `    def clamp(self, value, low, high):
        if value < low:
            return low
        if value > high:
            return high
        return value
`;

describe('patch shapes', () => {
  it('a parameter or loop variable the function no longer reads', async () => {
    const scale = 'def scale(x, factor):\n    return x * factor\n';
    assert.deepEqual(await shapeObjections(scale, scale.replace('x * factor', 'x * 2')), [
      { rule: 'unused-input', text: 'leaves `factor` unused' },
    ]);
    const loop = 'def total(items):\n    result = 0\n    for item in items:\n        result += item\n    return result\n';
    assert.deepEqual(await shapeObjections(loop, loop.replace('result += item', 'result += 1')), [
      { rule: 'unused-input', text: 'leaves `item` unused' },
    ]);
    assert.deepEqual(await shapeObjections(CLAMP, CLAMP.replace('value < low', 'value <= low')), []);
  });

  it('a comparison with a new literal, but not the everyday ones', async () => {
    assert.deepEqual(await shapeObjections(CLAMP, CLAMP.replace('if value < low:', 'if value < low or value == 17:')), [
      { rule: 'special-case', text: 'special-cases 17' },
    ]);
    assert.deepEqual(await shapeObjections(CLAMP, CLAMP.replace('if value < low:', 'if value < low or value == 0:')), []);
    assert.deepEqual(await shapeObjections(CLAMP, CLAMP.replace('if value < low:', 'if value < low or value < 0.0:')), []);
  });

  it("takes a literal that the function's docstring or comments state as the specification, not a special case", async () => {
    const cost = [
      'def shipping_cost(weight_kg):',
      '    """5 up to 1 kg, 9 up to 10 kg; heavier parcels go by freight, 20 each."""',
      '    if weight_kg <= 1:',
      '        return 5',
      '    return 9',
      '',
    ].join('\n');
    const fixed = (text: string) => text.replace('    return 9', '    if weight_kg <= 10:\n        return 9\n    return 20');
    assert.deepEqual(await shapeObjections(cost, fixed(cost)), []);
    // A comment states it as well; a number the text does not state (a test's value) is still a special case.
    const commented = cost.replace(/ {4}""".*\n/, '    # freight above 10 kg, 20 each\n');
    assert.deepEqual(await shapeObjections(commented, fixed(commented)), []);
    assert.deepEqual(
      await shapeObjections(cost, cost.replace('    return 9', '    if weight_kg == 25:\n        return 20\n    return 9')),
      [{ rule: 'special-case', text: 'special-cases 25' }],
    );
  });

  it('counts a string the docstring quotes, or whose letters it lists one by one, as stated', async () => {
    const split = 'def fields(line):\n    """The fields of a line separated by \';\'."""\n    return line.split(",")\n';
    const splitFixed = split.replace('return line.split(",")', 'if ";" in line:\n        return line.split(";")\n    return [line]');
    assert.deepEqual(await shapeObjections(split, splitFixed), []);
    const vowels =
      'def count_vowels(text):\n    """How many of a, e, i, o, u the text holds."""\n    return sum(1 for c in text if c in "ae")\n';
    assert.deepEqual(await shapeObjections(vowels, vowels.replace('c in "ae"', 'c in "aeiou"')), []);
    // A letter the docstring merely contains is no statement of it.
    const word = 'def grade(mark):\n    """A letter grade."""\n    return "B"\n';
    assert.deepEqual(await shapeObjections(word, word.replace('return "B"', 'if mark == "t":\n        return "A"\n    return "B"')), [
      { rule: 'special-case', text: 'special-cases "t"' },
    ]);
  });

  it('ranks a patch with such a shape after one without, and says why', () => {
    const patch = (summary: string, score: number, shape?: ShapeObjection[]): ValidatedPatch => ({
      kind: 'candidate',
      file: 'm.py',
      function: 'f',
      startLine: 1,
      endLine: 2,
      newFunctionText: summary,
      newFileText: summary,
      diff: '-a\n+b\n',
      source: 'template',
      editKind: 'compare-op',
      summary,
      score,
      baseSha256: '',
      validation: { failingFixed: 1, failingTotal: 1, suitePassed: 1, suiteTotal: 1 },
      ...(shape ? { shape } : {}),
    });
    const ranked = rankValidated([
      patch('routes around', 0.9, [{ rule: 'unused-input', text: 'leaves `high` unused' }]),
      patch('fixes the use', 0.3),
    ]);
    assert.deepEqual(
      ranked.map((p) => p.summary),
      ['fixes the use', 'routes around'],
    );
    assert.match(ranked[1]!.rankedBecause!, /ranked down: leaves `high` unused/);
    assert.match(ranked[0]!.rankedBecause!, /^a common kind of edit on a suspicious line \(0\.30\); 2 changed lines$/);
  });
});
