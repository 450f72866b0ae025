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
  it('puts a model sample after every four templates, each list best first', () => {
    const templates = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1].map((score) => candidate(`t${score}`, 'template', score));
    const samples = [candidate('m-low', 'model', 0.1, -2.0), candidate('m-high', 'model', 0.6, -0.5), candidate('m-mid', 'model', 0.3, -1)];
    const ordered = orderForValidation([...samples, ...templates]);
    assert.deepEqual(ordered.map((c) => c.summary), [
      't0.9', 't0.8', 't0.7', 't0.6', 'm-high', 't0.5', 't0.4', 't0.3', 't0.2', 'm-mid', 't0.1', 'm-low',
    ]);
  });

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
