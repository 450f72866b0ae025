import * as assert from 'node:assert/strict';
import { changedLines, orderForValidation, rankValidated } from '../../src/core/ranking';
import type { Candidate, ValidatedPatch } from '../../src/core/types';

function candidate(id: string, source: Candidate['source'], score: number, modelLogProb?: number, diff = '-a\n+b\n'): Candidate {
  return {
    kind: 'candidate', file: 'm.py', function: 'f', startLine: 1, endLine: 2, newFunctionText: id, newFileText: id,
    diff, source, editKind: 'k', summary: id, score, modelLogProb,
  };
}

function validated(c: Candidate): ValidatedPatch {
  return { ...c, validation: { failingFixed: 1, failingTotal: 1, suitePassed: 3, suiteTotal: 3 }, baseSha256: '' };
}

describe('ranking', () => {
  it('interleaves model samples and templates, each best first', () => {
    const ordered = orderForValidation([
      candidate('t-low', 'template', 0.1),
      candidate('m-low', 'model', 0, -2.0),
      candidate('t-high', 'template', 0.9),
      candidate('t-mid', 'template', 0.5),
      candidate('m-high', 'model', 0, -0.5),
    ]);
    assert.deepEqual(ordered.map((c) => c.summary), ['m-high', 't-high', 'm-low', 't-mid', 't-low']);
  });

  it('puts model-scored templates before unscored ones', () => {
    const ordered = orderForValidation([candidate('plain', 'template', 0.9), candidate('scored', 'template', 0.2, -1)]);
    assert.deepEqual(ordered.map((c) => c.summary), ['scored', 'plain']);
  });

  it('ranks validated patches by likelihood, then score, then edit size', () => {
    const big = '--- a\n+++ b\n-x\n-y\n+z\n+w\n';
    const small = '--- a\n+++ b\n-x\n+z\n';
    assert.equal(changedLines(big), 4);
    const ranked = rankValidated([
      validated(candidate('big', 'template', 0.5, undefined, big)),
      validated(candidate('small', 'template', 0.5, undefined, small)),
      validated(candidate('likely', 'model', 0.1, -0.3)),
      validated(candidate('better-score', 'template', 0.8)),
    ]);
    assert.deepEqual(ranked.map((p) => p.summary), ['likely', 'better-score', 'small', 'big']);
  });
});
