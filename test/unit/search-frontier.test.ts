import * as assert from 'node:assert/strict';
import { Frontier, type CandidateStream, type LateSource } from '../../src/core/search/frontier';
import { runLanes, type LaneOptions } from '../../src/core/search/lanes';
import type { Candidate } from '../../src/core/types';
import type { ValidationOutcome, ValidatorPool } from '../../src/core/validate';

// The order the anytime search validates candidates in, across its sources.

function candidate(id: string, score = 1): Candidate {
  return {
    kind: 'candidate',
    file: 'm.py',
    function: 'f',
    startLine: 1,
    endLine: 1,
    newFunctionText: `x = ${JSON.stringify(id)}`,
    newFileText: '',
    diff: '',
    source: 'template',
    editKind: 'compare-op',
    summary: id,
    score,
  };
}

function source(ids: string[]): CandidateStream & { taken: number } {
  const queue = ids.map((id) => candidate(id));
  return {
    taken: 0,
    async next() {
      const next = queue.shift() ?? null;
      if (next) this.taken++;
      return next;
    },
  };
}

async function drain(frontier: Frontier): Promise<string[]> {
  const order: string[] = [];
  for (let next = await frontier.next(); next; next = await frontier.next()) order.push(`${next.round}:${next.candidate.summary}`);
  return order;
}

describe('the search frontier', () => {
  it('takes single edits lazily, a model sample after every four, then the pairs once both are spent', async () => {
    const singles = source(['s1', 's2', 's3', 's4', 's5', 's6']);
    let pairsMade = 0;
    const frontier = new Frontier(singles, () => (pairsMade++, source(['p1', 'p2'])), { done: Promise.resolve(), want: () => undefined });
    frontier.addSamples([candidate('m-low', 0.1), candidate('m-high', 0.9)]);
    assert.equal(singles.taken, 0, 'nothing is made before it is asked for');
    const first = await frontier.next();
    assert.equal(first?.candidate.summary, 's1');
    assert.equal(singles.taken, 1);
    assert.deepEqual(
      [`${first!.round}:s1`, ...(await drain(frontier))],
      ['single:s1', 'single:s2', 'single:s3', 'single:s4', 'model:m-high', 'single:s5', 'single:s6', 'model:m-low', 'pair:p1', 'pair:p2'],
    );
    assert.equal(pairsMade, 1);
  });

  it('asks for the model and waits for it while it still samples, before turning to pairs', async () => {
    let finish!: () => void;
    const model = new Promise<void>((resolve) => (finish = resolve));
    let asked = 0;
    const frontier = new Frontier(source(['s1']), () => source(['p1']), { done: model, want: () => asked++ });
    assert.equal((await frontier.next())?.candidate.summary, 's1');
    assert.equal(asked, 0, 'not asked while singles remain');
    const waiting = frontier.next();
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(asked, 1, 'asked once nothing else is left');
    setTimeout(() => {
      frontier.addSamples([candidate('m1')]);
      finish();
    }, 20);
    assert.equal((await waiting)?.round, 'model');
    assert.deepEqual(await drain(frontier), ['pair:p1']);
  });

  it('alternates the edits on a partial fix with the singles, and skips what it handed out before', async () => {
    const frontier = new Frontier(source(['s1', 's2', 'dup', 's3']), () => source([]));
    assert.equal((await frontier.next())?.candidate.summary, 's1');
    frontier.addPartial(source(['q1', 'dup', 'q2']));
    assert.deepEqual(await drain(frontier), ['partial:q1', 'single:s2', 'partial:dup', 'single:s3', 'partial:q2']);
    assert.equal(frontier.count, 6);
  });

  it('turns to a late source after so many candidates, and passes it by while it prepares in another lane', async () => {
    let ready!: () => void;
    const prepared = new Promise<void>((resolve) => (ready = resolve));
    const made = source(['a1', 'a2']);
    const late: LateSource & { started: boolean } = {
      started: false,
      get preparing() {
        return this.started && !done;
      },
      async next() {
        this.started = true;
        await prepared;
        return made.next();
      },
    };
    let done = false;
    void prepared.then(() => (done = true));
    const frontier = new Frontier(source(['s1', 's2', 's3', 's4']), () => source([]), undefined, { source: late, after: 1 });
    assert.equal((await frontier.next())?.candidate.summary, 's1');
    const preparing = frontier.next();
    // Another lane meanwhile: the singles go on.
    assert.equal((await frontier.next())?.candidate.summary, 's2');
    ready();
    assert.equal((await preparing)?.candidate.summary, 'a1');
    assert.deepEqual(await drain(frontier), ['single:a2', 'single:s3', 'single:s4']);
  });
});

describe('the validator lanes: the alternatives window after the first fix', () => {
  // A pool whose every candidate takes `ms` to validate (a loaded machine: every candidate slow).
  const slowPool = (ms: number) =>
    ({
      validate: async (candidate: Candidate) => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        return { candidate } as ValidationOutcome;
      },
    }) as unknown as ValidatorPool;
  const lanesOver = (count: number, alternatives: LaneOptions['alternatives']) => {
    const seen: string[] = [];
    const options: LaneOptions = {
      pool: slowPool(10),
      frontier: new Frontier(source(Array.from({ length: count }, (_, k) => `c${k}`)), () => source([])),
      lanes: 1,
      deadline: Date.now() + 60_000,
      maxCandidates: 10_000,
      onOutcome: async (outcome) => (seen.push(outcome.candidate.summary), outcome.candidate.summary === 'c2'),
      enoughPatches: 5,
      alternatives,
    };
    return { seen, run: runLanes(options) };
  };

  it('looks at the set number of candidates after the first fix however long they take', async () => {
    const { seen, run } = lanesOver(200, { ms: 20, candidates: 30, longestMs: 60_000 });
    const result = await run;
    assert.equal(result.endedBecause, 'alternatives-window');
    // c2 was the first fix; the window's 20 ms hold 2 candidates of 10 ms, and it waits for 30.
    assert.equal(seen.length, 3 + 30);
  });

  it('closes at its longest however few candidates ran', async () => {
    const { seen, run } = lanesOver(10_000, { ms: 20, candidates: 5_000, longestMs: 200 });
    const result = await run;
    assert.equal(result.endedBecause, 'alternatives-window');
    assert.ok(seen.length > 3 && seen.length < 100, `${seen.length} candidates ran`);
  });
});
