import * as assert from 'node:assert/strict';
import { templateCandidates } from '../../src/core/generate/templates';
import { outerNameEdits } from '../../src/core/generate/templates/outer-names';
import { listFunctions } from '../../src/core/syntax/functions';
import type { Suspect } from '../../src/core/types';
import { assertFixProposed, familyEditsOnFirstFunction, templateCandidatesFor } from '../helpers/templates';

// Name substitutions names.ts cannot make: names.ts already replaces every identifier read or
// assigned (in subscripts, comprehensions, arguments, method receivers, conditions) by the
// function's own names; these are the names the function never mentions: another function of
// the file (callee-misuse), a module-level or enclosing function's name (outer-variable-misuse).

describe('templates: callee-misuse and outer-variable-misuse', () => {
  it('calls the other function of the file with the same arity', async () => {
    const source = (second: string) => `def area(r):
    return 3 * r * r


def perimeter(r):
    return 6 * r


def scaled(r, k):
    return k * r


def both(r):
    return area(r) + ${second}(r)
`;
    const fix = await assertFixProposed(source('area'), 'both', source('perimeter'), 'callee-misuse');
    assert.equal(fix.summary, 'line 14: `area` → `perimeter`');
    const candidates = await templateCandidatesFor(source('area'), 'both');
    assert.ok(
      candidates.every((c) => !c.newFileText.includes('scaled(r)')),
      'a two-argument function was called with one',
    );
  });

  it('reads the module constant that was meant', async () => {
    await assertFixProposed(
      `LIMIT = 3
STEP = 2


def next_value(x):
    return x + STEP
`,
      'next_value',
      `LIMIT = 3
STEP = 2


def next_value(x):
    return x + LIMIT
`,
      'outer-variable-misuse',
    );
  });

  it('reads the enclosing function variable a closure was meant to capture', async () => {
    const source = (factor: string) => `def outer(xs, scale):
    def inner(y):
        return y * ${factor}
    return [inner(x) for x in xs]
`;
    const fn = (await listFunctions(source('y'))).find((f) => f.qualname === 'outer.<locals>.inner')!;
    const suspect: Suspect = {
      file: 'algo.py',
      function: fn.qualname,
      startLine: fn.startLine,
      endLine: fn.endLine,
      score: 1,
      reasons: [],
      lines: [],
    };
    const candidates = await templateCandidates([suspect], async () => source('y'));
    const fix = candidates.find((c) => c.newFileText === source('scale'));
    assert.equal(fix?.editKind, 'outer-variable-misuse');
  });

  it('proposes nothing outside the suspect, nor names the function already uses', async () => {
    const source = `RATE = 2


def cost(n, rate):
    return helper(n) * rate


def helper(n):
    return n + RATE
`;
    const { edits, start, end } = await familyEditsOnFirstFunction(source, outerNameEdits);
    const summaries = edits.map((e) => e.summary);
    assert.ok(summaries.includes('line 5: `rate` → `RATE`'), summaries.join('\n'));
    assert.ok(
      summaries.every((s) => !/→ `(?:n|rate|helper)`$/.test(s)),
      summaries.join('\n'),
    );
    for (const edit of edits) for (const s of edit.splices) assert.ok(s.start >= start && s.end <= end, edit.summary);
    const untouched = source.slice(source.indexOf('def helper'));
    for (const c of await templateCandidatesFor(source, 'cost')) assert.ok(c.newFileText.endsWith(untouched), c.summary);
  });
});
