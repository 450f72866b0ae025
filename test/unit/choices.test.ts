// Local learning: the user's past choices reorder equally-validated fixes, and only those.
import * as assert from 'node:assert/strict';
import { rankValidated } from '../../src/core/review/ranking';
import type { CandidateKind, ShapeObjection, ValidatedPatch } from '../../src/core/types';
import { orderByChoices, withChoice, type ChoiceCounts } from '../../src/extension/logic/choices';

function patch(summary: string, editKind: CandidateKind, kept = 2, shape?: ShapeObjection[]): ValidatedPatch {
  return {
    kind: 'candidate',
    file: 'shop/cart.py',
    function: 'total',
    startLine: 1,
    endLine: 5,
    newFunctionText: '',
    newFileText: '',
    diff: '',
    source: 'template',
    editKind,
    summary,
    score: 1,
    validation: { failingFixed: 2, failingTotal: 2, suitePassed: 4, suiteTotal: 4 },
    baseSha256: '',
    behaviour: { kept, changed: [], newInputs: 0, agreesOn: 0, others: 0, asBefore: 0, crashes: [], group: 0 },
    ...(shape ? { shape } : {}),
  };
}

describe('orderByChoices', () => {
  let counts: ChoiceCounts = {};
  counts = withChoice(counts, 'swap-args', 'discarded');
  counts = withChoice(counts, 'swap-args', 'discarded');
  counts = withChoice(counts, 'compare-op', 'applied');

  it('sinks a kind the user keeps discarding below its equals, raises one the user applied, and says why', () => {
    const ordered = orderByChoices([patch('a', 'swap-args'), patch('b', 'off-by-one'), patch('c', 'compare-op')], counts);
    assert.deepEqual(
      ordered.map((p) => p.summary),
      ['c', 'b', 'a'],
    );
    assert.equal(ordered[0]!.rankedBecause, 'moved up among equals: you applied 1 compare-op fix here before');
    assert.equal(ordered[1]!.rankedBecause, undefined);
    assert.equal(ordered[2]!.rankedBecause, 'moved down among equals: you discarded 2 swap-args fixes here before');
  });

  it('never moves a patch past one that is not its equal in the ranking (less evidence, an objection)', () => {
    const better = patch('kept 2 calls', 'swap-args', 2);
    const fewer = patch('kept 1 call', 'compare-op', 1);
    const objected = patch('objected', 'compare-op', 2, [{ rule: 'unused-input', text: 'leaves `n` unused' }]);
    assert.deepEqual(
      orderByChoices([better, fewer], counts).map((p) => p.summary),
      ['kept 2 calls', 'kept 1 call'],
    );
    assert.deepEqual(
      orderByChoices([better, objected], counts).map((p) => p.summary),
      ['kept 2 calls', 'objected'],
    );
    // And the ranking agrees that they are not equals: it puts them in the same order.
    assert.deepEqual(
      rankValidated([fewer, better]).map((p) => p.summary),
      ['kept 2 calls', 'kept 1 call'],
    );
    assert.deepEqual(
      rankValidated([objected, better]).map((p) => p.summary),
      ['kept 2 calls', 'objected'],
    );
  });

  it("keeps the engine's order without choices", () => {
    const patches = [patch('a', 'swap-args'), patch('b', 'compare-op')];
    assert.deepEqual(orderByChoices(patches, {}), patches);
  });
});
