import * as assert from 'node:assert/strict';
import { runFix } from '../../src/core/engine';
import { copyFixture, removeCopy } from '../helpers/workspace';

// When a fix run loads the shipped model (SearchInput.loadModel), on test/fixtures/model-start
// (a merge sort whose fix is a few dozen candidates in): not while the first candidates run,
// which need the CPU on a small machine, but once a patch validated or a second after the
// first candidate's outcome. A search that ends before it was asked for must still end.

describe('The model in a fix run', function () {
  this.timeout(120_000);

  it('loads once the first patch validated, not beside the first candidates', async () => {
    const workspace = copyFixture('model-start');
    try {
      const report = await runFix({ workspace, tests: [], python: 'python3', timeBudgetMs: 20_000, maxCandidates: 60 });
      const at = (step: string) => report.stats.timeline?.find((entry) => entry.step === step)?.startMs;
      const [firstCandidate, firstFix, modelLoad] = [at('first-candidate'), at('first-fix'), at('model-load')];
      assert.ok(firstCandidate !== undefined && firstFix !== undefined && modelLoad !== undefined, JSON.stringify(report.stats.timeline));
      assert.ok(report.model.name, `the model ran: ${JSON.stringify(report.model)}`);
      // The fixture's fix is not among the first candidates: a model loaded at the first outcome would load before it.
      assert.ok(firstFix - firstCandidate > 300, `first candidate ${firstCandidate} ms, first fix ${firstFix} ms`);
      // The first fix is stamped once its patch is made, which is after the model was asked for: some slack.
      assert.ok(
        modelLoad >= Math.min(firstFix, firstCandidate + 1_000) - 150,
        `model load at ${modelLoad} ms; first candidate ${firstCandidate}, first fix ${firstFix}`,
      );
    } finally {
      removeCopy(workspace);
    }
  });

  // The model's scores and samples are awaited once the lanes end: they must settle although no model was ever asked for.
  it('ends when the search stops before the model was asked for', async () => {
    const workspace = copyFixture('model-start');
    try {
      // One candidate: the lanes end with its outcome, before the model is asked for (a second after it).
      const run = runFix({ workspace, tests: [], python: 'python3', timeBudgetMs: 60_000, maxCandidates: 1 }).then((report) =>
        report.stats.timeline?.some((entry) => entry.step === 'model-load'),
      );
      const hung = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 30_000).unref());
      assert.equal(await Promise.race([run, hung]), false, 'the run ended, without loading the model');
    } finally {
      removeCopy(workspace);
    }
  });
});
