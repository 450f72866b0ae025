import * as assert from 'node:assert/strict';
import type { CandidateStream } from '../../src/core/search/frontier';
import { PriorWindow, priorKey, priorStats, windowOrder, withPrior, type Prior } from '../../src/core/search/prior';
import type { Candidate } from '../../src/core/types';

// The model prior's window over a candidate stream, with stand-in scores (the real model's
// part is in test/integration/prior.test.ts).

function candidate(id: string, score: number, familyPrior = 0.5): Candidate {
  return {
    kind: 'candidate',
    file: 'm.py',
    function: 'f',
    startLine: 1,
    endLine: 1,
    newFunctionText: id,
    newFileText: '',
    diff: '',
    source: 'template',
    editKind: 'compare-op',
    summary: id,
    score,
    familyPrior,
  };
}

function stream(candidates: Candidate[]): CandidateStream & { pulled: number } {
  const queue = [...candidates];
  return {
    pulled: 0,
    async next() {
      const next = queue.shift() ?? null;
      if (next) this.pulled++;
      return next;
    },
  };
}

/** A prior from a table of scores by summary (null: cannot score). */
function table(scores: Record<string, number | null>, calls: string[][] = []): Prior {
  return async (candidates) => {
    calls.push(candidates.map((c) => c.summary));
    return candidates.map((c) => scores[c.summary] ?? null);
  };
}

async function drain(source: CandidateStream): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (let next = await source.next(); next; next = await source.next()) out.push(next);
  return out;
}

const weights = { model: 1, family: 1, sample: 0.1 };

describe('the model prior', () => {
  it('is absent without a model: the stream itself, in its own order', async () => {
    const source = stream([candidate('a', 0.5), candidate('b', 0.4)]);
    assert.equal(withPrior(source, null), source);
  });

  it('orders a window by suspiciousness, kind of edit and the model together', async () => {
    const candidates = [candidate('a', 0.5), candidate('b', 0.4), candidate('c', 0.3)];
    const calls: string[][] = [];
    const window = new PriorWindow(stream(candidates), table({ a: -5, b: -0.1, c: -3 }, calls), priorStats(), { window: 12, weights });
    const handed = await drain(window);
    // log(.5) - 5 < log(.3) - 3 < log(.4) - 0.1
    assert.deepEqual(
      handed.map((c) => c.summary),
      ['b', 'c', 'a'],
    );
    assert.deepEqual(
      handed.map((c) => c.modelLogProb),
      [-0.1, -3, -5],
      'handed-out candidates carry their score',
    );
    assert.deepEqual(calls, [['a', 'b', 'c']], 'one batch');
  });

  it('passes a candidate over at most so many times: the model moves it down only a few places', async () => {
    const candidates = [candidate('hated', 0.5), ...Array.from({ length: 6 }, (_, i) => candidate(`liked${i}`, 0.4 - i / 100))];
    const scores: Record<string, number> = { hated: -10 };
    for (let i = 0; i < 6; i++) scores[`liked${i}`] = -0.1;
    const handed = await drain(new PriorWindow(stream(candidates), table(scores), priorStats(), { window: 16, weights, maxPassed: 2 }));
    assert.deepEqual(
      handed.map((c) => c.summary),
      ['liked0', 'liked1', 'hated', 'liked2', 'liked3', 'liked4', 'liked5'],
    );
    const keys = candidates.map((c) => priorKey(c, scores[c.summary]!, 0, weights));
    assert.deepEqual(windowOrder(keys, 16, undefined, 2), [1, 2, 0, 3, 4, 5, 6]);
    assert.deepEqual(windowOrder(keys, 16, undefined, Number.POSITIVE_INFINITY), [1, 2, 3, 4, 5, 6, 0]);
  });

  it('weighs the kind of edit by its own weight', () => {
    const rare = candidate('rare', 0.1, 0.1); // suspiciousness 1, a rare kind
    const common = candidate('common', 0.08, 0.8); // suspiciousness 0.1, a common kind
    assert.ok(
      priorKey(rare, null, 0, { ...weights, model: 0, family: 1 }) > priorKey(common, null, 0, { ...weights, model: 0, family: 1 }),
      'score order at weight 1',
    );
    assert.ok(
      priorKey(rare, null, 0, { ...weights, model: 0, family: 2 }) < priorKey(common, null, 0, { ...weights, model: 0, family: 2 }),
    );
  });

  it('gives a candidate the model cannot score the median score, neither up nor down', async () => {
    const candidates = [candidate('a', 0.5), candidate('unscored', 0.45), candidate('b', 0.4), candidate('c', 0.35)];
    const stats = priorStats();
    const handed = await drain(new PriorWindow(stream(candidates), table({ a: -1, b: -2, c: -3 }), stats, { window: 16, weights }));
    // median -2: unscored's key log(.45) - 2 sits between a's and b's.
    assert.deepEqual(
      handed.map((c) => c.summary),
      ['a', 'unscored', 'b', 'c'],
    );
    assert.equal(handed[1]!.modelLogProb, undefined);
    assert.equal(stats.scored, 3);
    assert.equal(stats.unscoreable, 1);
  });

  it('reads the stream lazily, half a window ahead', async () => {
    const candidates = Array.from({ length: 40 }, (_, i) => candidate(`s${i}`, 1 - i / 100));
    const source = stream(candidates);
    const calls: string[][] = [];
    const window = new PriorWindow(source, table({}, calls), priorStats(), { window: 8, weights });
    await window.next();
    assert.ok(source.pulled <= 8, `${source.pulled} pulled after 1 taken`);
    for (let i = 0; i < 4; i++) await window.next();
    assert.ok(source.pulled <= 5 + 8, `${source.pulled} pulled after 5 taken`);
    assert.deepEqual((await drain(window)).length, 35);
    assert.ok(calls.every((batch) => batch.length <= 8));
  });

  it('hands out what windowOrder simulates when scores come before the next candidate is asked for', async () => {
    const n = 50;
    const scores: Record<string, number> = {};
    const candidates = Array.from({ length: n }, (_, i) => {
      scores[`s${i}`] = -((i * 37) % 11) / 2;
      return candidate(`s${i}`, 1 - i / 100, i % 3 === 0 ? 0.2 : 0.4);
    });
    const window = new PriorWindow(stream(candidates), table(scores), priorStats(), { window: 10, weights });
    const handed: Candidate[] = [];
    // A validation between two candidates: the batch read ahead is scored by then.
    for (let next = await window.next(); next; next = await window.next()) {
      handed.push(next);
      await window.idle();
    }
    const keys = candidates.map((c) => priorKey(c, scores[c.summary]!, 0, weights));
    assert.deepEqual(
      handed.map((c) => c.summary),
      windowOrder(keys, 10).map((i) => `s${i}`),
    );
    assert.notDeepEqual(
      handed.map((c) => c.summary),
      candidates.map((c) => c.summary),
    );
  });

  it('never holds the first candidate long for slow scores: the stream order until they come', async () => {
    let release!: () => void;
    const slow: Prior = async (candidates) => {
      await new Promise<void>((resolve) => (release = resolve));
      return candidates.map((_, i) => -i); // reverses nothing: the later, the worse
    };
    const stats = priorStats();
    const window = new PriorWindow(stream([candidate('a', 0.5), candidate('b', 0.4), candidate('c', 0.3)]), slow, stats, {
      window: 8,
      weights,
      firstWaitMs: 50,
      laterWaitMs: 10,
    });
    // The scores come only on release(), after the first candidate: it is handed out unscored once its
    // firstWaitMs is up (a timer never fires sooner, on any machine). How long the first wait is in
    // real runs is measured, not asserted: bench/prior-ablation.ts, bench/prior-speed.ts.
    const first = await window.next();
    assert.equal(first?.summary, 'a');
    assert.equal(stats.handedUnscored, 1);
    assert.ok(stats.firstWaitMs !== null && stats.firstWaitMs >= 40);
    release();
    assert.deepEqual(
      (await drain(window)).map((c) => c.summary),
      ['b', 'c'],
    );
  });

  it('keeps the stream order when the model fails, and every candidate', async () => {
    const failing: Prior = async () => {
      throw new Error('corrupt graph');
    };
    const candidates = [candidate('a', 0.5, 0.1), candidate('b', 0.4, 0.9), candidate('c', 0.3, 0.5)];
    const handed = await drain(
      new PriorWindow(stream(candidates), failing, priorStats(), { window: 8, weights: { ...weights, family: 3 } }),
    );
    assert.deepEqual(
      handed.map((c) => c.summary),
      ['a', 'b', 'c'],
    );
  });

  it('gives lanes that ask at once distinct candidates, each exactly once', async () => {
    const candidates = Array.from({ length: 30 }, (_, i) => candidate(`s${i}`, 1 - i / 100));
    const window = new PriorWindow(stream(candidates), table({}), priorStats(), { window: 8, weights });
    const taken: string[] = [];
    await Promise.all(
      [0, 1, 2].map(async () => {
        for (let next = await window.next(); next; next = await window.next()) taken.push(next.summary);
      }),
    );
    assert.equal(taken.length, 30);
    assert.equal(new Set(taken).size, 30);
  });

  it('passes on what the stream throws', async () => {
    const broken: CandidateStream = {
      async next() {
        throw new Error('stream broke');
      },
    };
    await assert.rejects(new PriorWindow(broken, table({}), priorStats(), { window: 4, weights }).next(), /stream broke/);
  });
});
