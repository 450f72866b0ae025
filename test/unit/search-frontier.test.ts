import * as assert from 'node:assert/strict';
import { Frontier, type CandidateStream, type LateSource } from '../../src/core/search/frontier';
import type { Candidate } from '../../src/core/types';

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
