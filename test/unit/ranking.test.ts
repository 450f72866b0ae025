import * as assert from 'node:assert/strict';
import { changedLines, rankValidated, withoutSupersets } from '../../src/core/review/ranking';
import type { Candidate, ValidatedPatch } from '../../src/core/types';

function candidate(id: string, source: Candidate['source'], score: number, modelLogProb?: number, diff = '-a\n+b\n'): Candidate {
  return {
    kind: 'candidate',
    file: 'm.py',
    function: 'f',
    startLine: 1,
    endLine: 2,
    newFunctionText: id,
    newFileText: id,
    diff,
    source,
    editKind: 'compare-op',
    summary: id,
    score,
    modelLogProb,
  };
}

function validated(c: Candidate): ValidatedPatch {
  return { ...c, validation: { failingFixed: 1, failingTotal: 1, suitePassed: 3, suiteTotal: 3 }, baseSha256: '' };
}

describe('ranking', () => {
  it('puts the smaller, more ordinary edit first among patches that answered every replayed input alike', () => {
    const behaviour = { kept: 2, changed: [], newInputs: 3, agreesOn: 3, others: 2, asBefore: 3, crashes: [] };
    const plusThree = {
      ...validated(candidate('mid + 3', 'template', 0.9, undefined, '-    lo = mid\n+    lo = mid + 3\n')),
      behaviour: { ...behaviour, group: 0 },
    };
    const plusOne = {
      ...validated(candidate('mid + 1', 'template', 0.5, undefined, '-    lo = mid\n+    lo = mid + 1\n')),
      behaviour: { ...behaviour, group: 0 },
    };
    const other = {
      ...validated(candidate('other', 'template', 0.7, undefined, '-    lo = mid\n+    lo = mid - 1\n')),
      behaviour: { ...behaviour, group: 2 },
    };
    const ranked = rankValidated([plusThree, plusOne, other], weights);
    // By the prior: mid + 3 (0.9), other (0.7), mid + 1 (0.5); mid + 1 takes the best place of its group.
    assert.deepEqual(
      ranked.map((p) => p.summary),
      ['mid + 1', 'other', 'mid + 3'],
    );
  });

  it('keeps the prior order between edits of one size and different shapes that answered alike', () => {
    const behaviour = { kept: 2, changed: [], newInputs: 3, agreesOn: 3, others: 1, asBefore: 3, crashes: [], group: 0 };
    const literal = {
      ...validated(candidate('- 1 to - 2', 'template', 0.6, undefined, '-    pad = w - 1\n+    pad = w - 2\n')),
      behaviour,
    };
    const appended = {
      ...validated(candidate('width - 1', 'template', 0.3, undefined, '-    w = width\n+    w = width - 1\n')),
      behaviour,
    };
    assert.deepEqual(
      rankValidated([appended, literal], weights).map((p) => p.summary),
      ['- 1 to - 2', 'width - 1'],
    );
  });

  it('ranks a patch that raises where the code returned below every patch without an objection, and says why', () => {
    const behaviour = { kept: 19, changed: [], newInputs: 3, agreesOn: 0, others: 1, asBefore: 2 };
    const crash = { call: 'search([1, 3], 3)', before: '1', after: 'raises RecursionError: maximum recursion depth exceeded' };
    const crashing = { ...validated(candidate('crashes', 'template', 0.9)), behaviour: { ...behaviour, crashes: [crash], group: 0 } };
    const right = { ...validated(candidate('right', 'template', 0.1)), behaviour: { ...behaviour, kept: 1, crashes: [], group: 1 } };
    const ranked = rankValidated([crashing, right], weights);
    assert.deepEqual(
      ranked.map((p) => [p.summary, p.assurance]),
      [
        ['right', 'fix'],
        ['crashes', 'unconfirmed'],
      ],
    );
    assert.match(
      ranked[1]!.rankedBecause!,
      /ranked down: raises RecursionError on search\(\[1, 3\], 3\), where the code returned 1 before, as another validated patch does$/,
    );
  });

  const big = '--- a\n+++ b\n-x\n-y\n+z\n+w\n';
  const small = '--- a\n+++ b\n-x\n+z\n';
  const weights = { model: 1, family: 1, sample: 0.1 };

  it('without the model, ranks validated patches by score, then edit size (the order before the model prior)', () => {
    assert.equal(changedLines(big), 4);
    const ranked = rankValidated(
      [
        validated(candidate('big', 'template', 0.5, undefined, big)),
        validated(candidate('small', 'template', 0.5, undefined, small)),
        validated(candidate('best-score', 'template', 0.8)),
      ],
      weights,
    );
    assert.deepEqual(
      ranked.map((p) => p.summary),
      ['best-score', 'small', 'big'],
    );
    assert.equal(ranked[0]!.rankedBecause, 'a common kind of edit on a suspicious line (0.80); 2 changed lines');
  });

  it('with the model, weighs its likelihood against the score, then edit size, then likelihood', () => {
    const ranked = rankValidated(
      [
        validated(candidate('big', 'template', 0.5, -1, big)),
        validated(candidate('small-unlikely', 'template', 0.5, -3, small)),
        validated(candidate('small-likely', 'template', 0.5, -0.3, small)),
        validated(candidate('best-score', 'template', 0.8, -4)),
        validated(candidate('same-as-big', 'template', 0.5, -1, small)),
      ],
      weights,
    );
    // Keys: small-likely log .5 - 0.3; same-as-big and big log .5 - 1 (the smaller edit first); small-unlikely log .5 - 3; best-score log .8 - 4.
    assert.deepEqual(
      ranked.map((p) => p.summary),
      ['small-likely', 'same-as-big', 'big', 'small-unlikely', 'best-score'],
    );
    assert.equal(
      ranked[0]!.rankedBecause,
      "a common kind of edit on a suspicious line (0.50); the model's probability 0.74 a token; 2 changed lines",
    );
  });

  it('gives a patch the model cannot score a typical likelihood, and weighs a model sample as a sample', () => {
    const sample = { ...candidate('sample', 'model', Math.exp(-0.2), -0.2), editKind: 'model-sample' as const };
    const ranked = rankValidated(
      [
        validated(candidate('unscored', 'template', 0.5)),
        validated(candidate('scored', 'template', 0.5, -2)),
        validated(candidate('scored-better', 'template', 0.5, -1)),
        validated(sample),
      ],
      weights,
    );
    // unscored counts as the median (-1), level with scored-better (whose likelihood then decides);
    // the sample: suspect weight 1, kind prior 0.1, log-prob -0.2: log .1 - 0.2, above log .5 - 2.
    assert.deepEqual(
      ranked.map((p) => p.summary),
      ['scored-better', 'unscored', 'sample', 'scored'],
    );
    assert.match(ranked[1]!.rankedBecause!, /the model could not score it \(counted as typical\)/);
    assert.match(
      ranked[2]!.rankedBecause!,
      /^a sample of the model for a suspicious function \(0\.82\); the model's probability 0\.82 a token/,
    );
  });

  it('keeps objections first, whatever the model says', () => {
    const objected = {
      ...validated(candidate('objected', 'template', 0.9, -0.1)),
      shape: [{ rule: 'unused-input' as const, text: 'leaves `n` unused' }],
    };
    const ranked = rankValidated([objected, validated(candidate('plain', 'template', 0.1, -6))], weights);
    assert.deepEqual(
      ranked.map((p) => p.summary),
      ['plain', 'objected'],
    );
  });
});

describe('withoutSupersets', () => {
  const base = 'def f(a, keep):\n    os.makedirs(a, exist_ok=True)\n    return os.listdir(keep)\n';
  const fix = base.replace('listdir(keep)', 'listdir(a)');
  const patch = (file: string, newFileText: string) => ({ file, newFileText });

  it("drops a patch that makes another shown patch's edits and more, and keeps different or unrelated ones", () => {
    const both = fix.replace('exist_ok=True', 'exist_ok=keep');
    const other = base.replace('exist_ok=True', 'exist_ok=False');
    const inserted = fix + 'x = 1\n';
    const guarded = fix.replace('    os.makedirs(a, exist_ok=True)\n', '    if a:\n        os.makedirs(a, exist_ok=True)\n');
    const guardAlone = base.replace('    os.makedirs(a, exist_ok=True)\n', '    if a:\n        os.makedirs(a, exist_ok=True)\n');
    const elsewhere = patch('g.py', fix);
    const kept = withoutSupersets(
      [patch('f.py', both), patch('f.py', fix), patch('f.py', other), patch('f.py', inserted), patch('f.py', guarded), elsewhere],
      (file) => (file === 'f.py' || file === 'g.py' ? base : null),
    );
    assert.deepEqual(
      kept.map((p) => p.newFileText),
      [fix, other, fix],
      'a changed line, an added statement and a guard wrapped around a line are all more than the fix',
    );
    assert.deepEqual(
      withoutSupersets([patch('f.py', guarded), patch('f.py', guardAlone)], () => base).map((p) => p.newFileText),
      [guardAlone],
      'a guard is a smaller patch too',
    );
    const early = 'def f(a):\n    total = sum(a)\n    return total / len(a)\n';
    const guardFirst = early.replace('    total', '    if not a:\n        return None\n    total');
    const guardLater = early.replace('    return total', '    if not a:\n        return None\n    return total');
    assert.equal(
      withoutSupersets([patch('f.py', guardFirst), patch('f.py', guardLater)], () => early).length,
      2,
      'the same guard one line earlier is another patch, not more of it',
    );
    assert.deepEqual(
      withoutSupersets([patch('f.py', both)], () => base),
      [patch('f.py', both)],
      'alone, a pair is shown',
    );
    assert.deepEqual(
      withoutSupersets([patch('f.py', both), patch('f.py', fix)], () => null).length,
      2,
      'without the base text nothing is dropped',
    );
  });
});
