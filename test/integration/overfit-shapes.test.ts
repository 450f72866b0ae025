import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeCandidate } from '../../src/core/generate/candidate';
import { shapeObjections } from '../../src/core/review/patch-shape';
import { rankValidated } from '../../src/core/review/ranking';
import { listFunctions } from '../../src/core/syntax/functions';
import type { ValidatedPatch } from '../../src/core/types';
import { edited } from '../helpers/edited';
import { fix, passesPlainPytest } from '../helpers/fix-run';
import { fixturePath, removeCopy } from '../helpers/workspace';

// Fixtures whose thin suites a wrong-shaped patch passes as well as the right fix: when both
// validate, the right one is shown first and the wrong one says which shape ranked it down.
// Where the search makes the wrong patch itself (a loop variable, a loop bound) the real
// engine ranks them; where no template edit makes it (a recursive call's constant argument,
// two edits that cancel), the patches are built from the fixture's texts, both checked under
// plain pytest, and ranked by rankValidated as the engine would.

type Which = (patch: ValidatedPatch) => boolean;

/** The patch whose diff adds `line`. */
function adding(line: string): Which {
  return (patch) => patch.diff.split('\n').includes(`+${line}`);
}

/** The right patch is shown before the wrong one, and the wrong one names the shape that ranked it down. */
function assertRightFirst(patches: readonly ValidatedPatch[], right: Which, wrong: Which, note: string): void {
  const shown = patches.map((p) => `${p.diff}${p.rankedBecause}`).join('\n\n');
  const [r, w] = [right, wrong].map((which) => patches.findIndex(which)) as [number, number];
  assert.ok(r >= 0 && w >= 0, `both patches validate; shown:\n${shown}`);
  assert.ok(r < w, `the right fix first; shown:\n${shown}`);
  assert.doesNotMatch(patches[r]!.rankedBecause!, /ranked down/);
  assert.ok(patches[w]!.rankedBecause!.endsWith(`ranked down: ${note}`), patches[w]!.rankedBecause);
}

function assertEngineRanks(fixture: string, right: string, wrong: string, note: string): void {
  const { report, workspace, status, stderr } = fix(fixture);
  removeCopy(workspace);
  assert.equal(status, 0, stderr);
  assertRightFirst(report.patches, adding(right), adding(wrong), note);
}

/** A validated patch of `fixture`'s `file` that makes `edits` in function `name`, checked under plain pytest. */
async function patchOf(fixture: string, file: string, name: string, edits: [string, string][], score: number): Promise<ValidatedPatch> {
  const source = fs.readFileSync(path.join(fixturePath(fixture), file), 'utf8');
  const fn = (await listFunctions(source)).find((f) => f.name === name)!;
  const before = source
    .split('\n')
    .slice(fn.startLine - 1, fn.endLine)
    .join('\n');
  const after = edited(before, ...edits);
  const candidate = await makeCandidate({
    file,
    fileText: source,
    startLine: fn.startLine,
    endLine: fn.endLine,
    newFunctionText: after,
    function: name,
    source: 'template',
    editKind: 'compare-op',
    summary: after,
    score,
  });
  assert.ok(candidate, after);
  assert.ok(passesPlainPytest(fixture, file, candidate.newFileText), `the fixture's suite passes with\n${candidate.diff}`);
  const shape = await shapeObjections(before, after);
  return {
    ...candidate,
    validation: { failingFixed: 1, failingTotal: 1, suitePassed: 1, suiteTotal: 1 },
    baseSha256: '',
    ...(shape.length > 0 ? { shape } : {}),
  };
}

interface BuiltCase {
  title: string;
  fixture: string;
  file: string;
  /** The function the patches edit. */
  name: string;
  right: [string, string][];
  wrong: [string, string][];
  note: string;
}

/** As the engine would rank them: the wrong patch scored higher, so only its shape ranks it down. */
async function assertRanks({ fixture, file, name, right, wrong, note }: BuiltCase): Promise<void> {
  assert.ok(!passesPlainPytest(fixture, file, fs.readFileSync(path.join(fixturePath(fixture), file), 'utf8')), 'the fixture has a bug');
  const [wrongPatch, rightPatch] = [await patchOf(fixture, file, name, wrong, 0.6), await patchOf(fixture, file, name, right, 0.3)];
  assertRightFirst(
    rankValidated([wrongPatch, rightPatch]),
    (p) => p.diff === rightPatch.diff,
    (p) => p.diff === wrongPatch.diff,
    note,
  );
}

// No template edit makes these wrong patches: they are built from the fixtures' texts.
const BUILT: BuiltCase[] = [
  {
    title: "a recursive call's argument made a constant: one step of recursion is all the tests take",
    fixture: 'overfit-recursion',
    file: 'factorial.py',
    name: 'factorial',
    right: [['* factorial(n)', '* factorial(n - 1)']],
    wrong: [['* factorial(n)', '* factorial(START)']],
    note: "the recursive call's argument `n` no longer depends on the recursion's variables",
  },
  {
    title: 'a reversed iteration with a flipped test: counting from the top gives the same numbers on a symmetric suite',
    fixture: 'overfit-cancelling',
    file: 'readings.py',
    name: 'count_below',
    right: [['reading > limit', 'reading >= limit']],
    wrong: [
      ['in sorted_readings', 'in reversed(sorted_readings)'],
      ['reading > limit', 'reading < limit'],
    ],
    note: 'reverses the iteration and flips the comparison: the two edits cancel on the tests',
  },
  {
    title: 'a flipped condition with its branches swapped: two edits that together make a one-character fix',
    fixture: 'overfit-cancelling-branches',
    file: 'grades.py',
    name: 'grade',
    right: [['score > pass_mark', 'score >= pass_mark']],
    wrong: [
      ['score > pass_mark', 'score < pass_mark'],
      ['return "pass"', 'return "PASS"'],
      ['return "fail"', 'return "pass"'],
      ['return "PASS"', 'return "fail"'],
    ],
    note: 'negates the condition and swaps the branches: the two edits cancel on the tests',
  },
];

describe('Patches that pass for the wrong reason rank after the right fix', function () {
  this.timeout(300_000);

  it('a loop variable read after its loop: the last value is the largest in every test', () => {
    assertEngineRanks(
      'overfit-loop-variable',
      '        if value > best:',
      '    return value',
      'reads the loop variable `value` after its loop',
    );
  });

  it('a loop bound raised from a square root to the number itself: small numbers hide the cost', () => {
    assertEngineRanks(
      'overfit-cost',
      '    for divisor in range(2, limit + 1):',
      '    for divisor in range(2, n):',
      'raises the loop bound from a square root to `n` (cost grows)',
    );
  });

  it("two edits that do one edit's work but where no test looks (a reversed loop and a negated test): unconfirmed, naming the one edit", () => {
    const { report, workspace, status, stderr } = fix('behaviour-cancelling');
    removeCopy(workspace);
    assert.equal(status, 0, stderr);
    const shown = report.patches.map((p) => `${p.assurance}: ${p.summary}\n${p.confidence}`).join('\n\n');
    const [top] = report.patches;
    assert.ok(top && adding('        if hours > deadline:')(top) && top.assurance === 'fix', shown);
    // No shape rule sees `not` beside the reversal: the replays do (the one-edit fix answers first_late([24, 6], 24) with None, the pair with 24).
    const pair = report.patches.find(
      (p) => p.diff.includes('+    for hours in reversed(arrivals):') && p.diff.includes('+        if not hours < deadline:'),
    );
    assert.ok(pair && !pair.shape, shown);
    assert.equal(pair.assurance, 'unconfirmed', shown);
    assert.equal(pair.behaviour?.simpler?.summary, top.summary, shown);
    assert.match(
      pair.confidence ?? '',
      /^unsure: its edits answer \d+ changed inputs as one edit does \(line 12: `<` → `>`\), but it gives \d+ for first_late\(/,
    );
    assert.ok(passesPlainPytest('behaviour-cancelling', 'deliveries.py', pair.newFileText), 'the pair passes the thin suite');
  });

  for (const built of BUILT) it(built.title, () => assertRanks(built));
});
