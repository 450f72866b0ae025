import * as assert from 'node:assert/strict';
import { changedLines, rankValidated } from '../../src/core/ranking';
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
  it('ranks validated patches by score, then edit size, then likelihood', () => {
    const big = '--- a\n+++ b\n-x\n-y\n+z\n+w\n';
    const small = '--- a\n+++ b\n-x\n+z\n';
    assert.equal(changedLines(big), 4);
    const ranked = rankValidated([
      validated(candidate('big', 'template', 0.5, undefined, big)),
      validated(candidate('small-unlikely', 'template', 0.5, -3, small)),
      validated(candidate('small-likely', 'template', 0.5, -0.3, small)),
      validated(candidate('best-score', 'template', 0.8)),
    ]);
    assert.deepEqual(ranked.map((p) => p.summary), ['best-score', 'small-likely', 'small-unlikely', 'big']);
  });
});
