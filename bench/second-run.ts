// The editor's second run: the sidecar hosts the engine in one long-lived process, so a run
// after the first need not load the model again. Runs `fix` twice in this process on the
// bundled example, with the model loaded and freed per run (as before) and kept between runs
// (the sidecar now), alternating, and prints each second run's time to first fix and total.
//
//   node out/bench/second-run.js [--rounds 3] [--budget 60]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runFix } from '../src/core/engine';
import { KeptModel, perRun, type ModelLoader } from '../src/core/model/loader';
import { packageRoot } from '../src/core/files/resources';
import { tableHead, tableRow } from './lib/markdown-table';
import { benchOptions, positiveNumber, wholeNumber } from './lib/options';

const settings = benchOptions({ rounds: { type: 'string', default: '3' }, budget: { type: 'string', default: '60' } }, (values) => ({
  rounds: wholeNumber('--rounds', values.rounds, 1),
  budgetMs: positiveNumber('--budget', values.budget) * 1000,
}));

/** The loader, timing how long the second run waited for its model. */
function timed(models: ModelLoader, waits: number[]): ModelLoader {
  return {
    load: async (dir, options) => {
      const started = Date.now();
      try {
        return await models.load(dir, options);
      } finally {
        waits.push(Date.now() - started);
      }
    },
    release: (model) => models.release(model),
  };
}

async function secondRun(loader: ModelLoader): Promise<{ firstFixMs: number | null; elapsedMs: number; modelWaitMs: number }> {
  const waits: number[] = [];
  const models = timed(loader, waits);
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-second-run-'));
  try {
    fs.cpSync(path.join(packageRoot(), 'examples', 'quickstart'), workspace, { recursive: true });
    const options = { workspace, tests: [], timeBudgetMs: settings.budgetMs };
    await runFix(options, {}, models);
    const second = await runFix(options, {}, models);
    return { firstFixMs: second.stats.timeToFirstFixMs, elapsedMs: second.stats.elapsedMs, modelWaitMs: waits[1] ?? 0 };
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(tableHead(['round', 'model', 'second run: model load', 'second run: first fix', 'second run: total']));
  const seconds = (ms: number | null) => (ms === null ? '-' : `${(ms / 1000).toFixed(2)} s`);
  for (let round = 1; round <= settings.rounds; round++) {
    const kept = new KeptModel();
    for (const [name, models] of [
      ['loaded per run', perRun],
      ['kept', kept],
    ] as const) {
      const { firstFixMs, elapsedMs, modelWaitMs } = await secondRun(models);
      console.log(tableRow([round, name, seconds(modelWaitMs), seconds(firstFixMs), seconds(elapsedMs)]));
    }
    await kept.dispose();
  }
}

void main();
