import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CandidateScorer } from '../../src/core/generate/model-candidates';
import { templateStream } from '../../src/core/generate/templates';
import { loadPatchModel, type PatchModel } from '../../src/core/model';
import { defaultModelDir, packageRoot } from '../../src/core/files/resources';
import type { CandidateStream } from '../../src/core/search/frontier';
import { PRIOR_WEIGHTS, PriorWindow, priorKey, priorStats, windowOrder, type Prior } from '../../src/core/search/prior';
import { listFunctions } from '../../src/core/syntax/functions';
import type { Candidate, FixReport, Suspect } from '../../src/core/types';
import { copyFixture, removeCopy } from '../helpers/workspace';

// The patch model as the search's prior, with the shipped model on real code: the window's
// order follows the model's likelihood, and the engine reports what the prior did.

const source = `"""Searching sorted lists."""


def find_first_at_least(items, target):
    """Index of the first item >= target, or len(items)."""
    lo, hi = 0, len(items)
    while lo < hi:
        mid = (lo + hi) // 2
        if items[mid] <= target:
            lo = mid + 1
        else:
            hi = mid
    return lo
`;

function candidate(summary: string, startLine: number, newFunctionText: string, from: string, to: string): Candidate {
  return {
    kind: 'candidate',
    file: 'search.py',
    function: 'find_first_at_least',
    startLine,
    endLine: startLine,
    newFunctionText,
    newFileText: source.replace(from, to),
    diff: '',
    source: 'template',
    editKind: 'compare-op',
    summary,
    score: 0.3,
    familyPrior: 0.3,
  };
}

function streamOf(candidates: Candidate[]): CandidateStream {
  const queue = [...candidates];
  return { next: async () => queue.shift() ?? null };
}

/** Takes up to `most`, each after the batch read ahead is scored (as when a validation takes longer than a batch). */
async function drainSlowly(window: PriorWindow, most = Number.POSITIVE_INFINITY): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (let next = await window.next(); next && out.length < most; next = await window.next()) {
    out.push(next);
    if (out.length < most) await window.idle();
  }
  return out;
}

describe('the model prior, with the shipped model', function () {
  this.timeout(300_000);
  let model: PatchModel;

  before(async () => {
    model = await loadPatchModel(defaultModelDir(), { device: 'cpu' });
  });

  after(async () => {
    await model?.dispose();
  });

  it('hands out the fix before an equally scored edit the model finds unlikely, though the stream had it second', async () => {
    const garbage = candidate(
      'garbage',
      9,
      '        if items[mid] <= target ) ]] lambda:',
      'items[mid] <= target:',
      'items[mid] <= target ) ]] lambda:',
    );
    const fix = candidate('fix', 9, '        if items[mid] < target:', 'items[mid] <= target', 'items[mid] < target');
    const scorer = new CandidateScorer(model, async (file) => (file === 'search.py' ? source : null), []);
    const prior: Prior = (candidates) => scorer.score(candidates);
    const [garbageScore, fixScore] = await prior([garbage, fix]);
    assert.ok(garbageScore !== null && fixScore !== null && fixScore! > garbageScore!, `fix ${fixScore} vs garbage ${garbageScore}`);
    // Equal template scores: only the model's word can put the fix first.
    const handed = await drainSlowly(new PriorWindow(streamOf([garbage, fix]), prior, priorStats(), { window: 8 }));
    assert.deepEqual(
      handed.map((c) => c.summary),
      ['fix', 'garbage'],
    );
    assert.ok(handed[0]!.modelLogProb !== undefined && Math.abs(handed[0]!.modelLogProb - fixScore!) < 1e-6);
  });

  it('orders a real template stream by the fitted key within its window, not by the stream', async () => {
    const dir = path.join(packageRoot(), 'bench', 'classic', 'binary_search');
    const bug = JSON.parse(fs.readFileSync(path.join(dir, 'bug.json'), 'utf8')) as { file: string; function: string };
    const text = fs.readFileSync(path.join(dir, bug.file), 'utf8');
    const fn = (await listFunctions(text)).find((f) => f.qualname === bug.function)!;
    const suspect: Suspect = {
      file: bug.file,
      function: fn.qualname,
      startLine: fn.startLine,
      endLine: fn.endLine,
      score: 1,
      reasons: [],
      lines: [{ line: fn.startLine + 3, score: 1 }],
    };
    const readSource = async (file: string): Promise<string | null> => (file === bug.file ? text : null);
    const take = 60;
    // The stream's own order, and the model's score of each of its first candidates.
    const plain = await templateStream([suspect], readSource);
    const stream: Candidate[] = [];
    for (let next = await plain.next(); next && stream.length < 200; next = await plain.next()) stream.push(next);
    const scorer = new CandidateScorer(model, readSource, []);
    const scores = await scorer.score(stream);
    const fill = [...scores].filter((s): s is number => s !== null).sort((a, b) => a - b)[
      Math.floor(scores.filter((s) => s !== null).length / 2)
    ]!;

    const window = new PriorWindow(await templateStream([suspect], readSource), (c) => scorer.score(c), priorStats(), { window: 16 });
    const handed = await drainSlowly(window, take);
    const order = (c: Candidate): number => stream.findIndex((s) => s.summary === c.summary && s.newFunctionText === c.newFunctionText);
    assert.notDeepEqual(
      handed.map(order),
      handed.map((_, i) => i),
      'the model moved candidates',
    );
    // Each candidate handed out was the best by the key among those the window held: the simulation of the
    // window over the same keys agrees (the window's running median of scores stands in for the unscoreable).
    const unscoreable = scores.filter((s) => s === null).length;
    if (unscoreable === 0) {
      const keys = stream.map((c, i) => priorKey(c, scores[i]!, fill, PRIOR_WEIGHTS));
      assert.deepEqual(handed.map(order), windowOrder(keys, 16).slice(0, take));
    }
    // And without the model's term the same window keeps the stream's order where the kinds weigh alike.
    const flat = stream.map((c) => priorKey(c, null, 0, { ...PRIOR_WEIGHTS, family: 1 }));
    assert.deepEqual(
      windowOrder(flat, 16).slice(0, take),
      handed.map((_, i) => i),
    );
  });
});

describe('the engine with the model prior', function () {
  this.timeout(600_000);

  /** `deepdebug fix` on a copy of `fixture`, which must exit with `status` (0: a validated patch, 1: none); its report and progress lines. */
  function fix(fixture: string, status: 0 | 1, extra: string[] = [], budget = 120): FixReport & { progress: string } {
    const workspace = copyFixture(fixture);
    const reportFile = `${workspace}.json`;
    try {
      const run = spawnSync(
        process.execPath,
        [path.join(packageRoot(), 'dist', 'cli.js'), 'fix', workspace, '--json', reportFile, '--time-budget', String(budget), ...extra],
        {
          encoding: 'utf8',
          timeout: 300_000,
        },
      );
      assert.equal(run.status, status, run.stderr);
      return { ...(JSON.parse(fs.readFileSync(reportFile, 'utf8')) as FixReport), progress: run.stderr };
    } finally {
      removeCopy(workspace);
      fs.rmSync(reportFile, { force: true });
    }
  }

  it('reports what the prior did, and ranks the fixes with the model likelihood; --no-model has no prior', () => {
    const report = fix('cli-bug', 0);
    const prior = report.stats.search?.prior;
    assert.ok(prior, JSON.stringify(report.stats.search));
    assert.ok(prior.scored > 0, JSON.stringify(prior));
    assert.ok(prior.firstWaitMs !== null);
    const best = report.patches[0]!;
    assert.ok(best.modelLogProb !== undefined, 'the shown patch carries its likelihood');
    assert.match(best.rankedBecause!, /the model's probability \d\.\d\d a token/);
    const plain = fix('cli-bug', 0, ['--no-model']);
    assert.equal(plain.stats.search?.prior, undefined);
    assert.equal(plain.stats.search?.sampled, undefined);
    assert.ok(plain.patches.length > 0);
    assert.doesNotMatch(plain.patches[0]!.rankedBecause!, /key/);
  });

  it('samples the model beside validation with time to spare, not when its share of the time left is too short to finish a batch', () => {
    // Nothing fixes search-small-space, so its search ends only once the model is done (and its greedy
    // edit is always among the samples): what it samples does not depend on how fast the machine is.
    const sampling = /^\[[\d.]+s\] sampling fixes from .* beside validation$/m;
    const long = fix('search-small-space', 1);
    assert.match(long.progress, sampling);
    assert.ok(long.stats.search!.sampled! > 0, JSON.stringify(long.stats.search));
    // At 6 s the model's 40% of the time left is under the 4 s a batch needs, however fast the run before the search.
    const short = fix('search-small-space', 1, [], 6);
    assert.doesNotMatch(short.progress, sampling);
    assert.equal(short.stats.search!.sampled, 0, JSON.stringify(short.stats.search));
    assert.ok(short.stats.search!.prior, 'the prior still orders the template edits');
  });
});
