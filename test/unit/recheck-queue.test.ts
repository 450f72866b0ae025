import * as assert from 'node:assert/strict';
import { RecheckQueue } from '../../src/core/search/recheck';
import type { ValidatedPatch } from '../../src/core/types';
import type { ValidationOutcome, ValidatorPool } from '../../src/core/validate';

// The clean re-check queue skips a patch that makes a smaller queued patch's edits and more,
// unless the smaller one fails its re-check (then withoutSupersets would have shown the larger).

const BASE =
  'def bubble_sort(xs):\n    for i in range(len(xs)):\n        for j in range(len(xs) - 1):\n            if xs[j] < xs[j + 1]:\n                xs[j], xs[j + 1] = xs[j + 1], xs[j]\n    return xs\n';
const FIX = BASE.replace('xs[j] < xs[j + 1]', 'xs[j] > xs[j + 1]');
/** The fix and one more edit: a superset of FIX. */
const FIX_AND_MORE = FIX.replace('range(len(xs)):', 'range(len(xs) + 1):');
const OTHER = BASE.replace('return xs', 'return sorted(xs)');

function patch(name: string, newFileText: string): ValidatedPatch {
  return { summary: name, file: 'sorting.py', newFileText } as ValidatedPatch;
}

/** A pool whose re-check records the patched texts it ran and fails those in `failing`. */
function fakePool(failing: string[] = []): { pool: ValidatorPool; ran: string[] } {
  const ran: string[] = [];
  const pool = {
    passing: [],
    async recheck(_validated: ValidationOutcome, bytes: Uint8Array): Promise<ValidationOutcome> {
      const text = Buffer.from(bytes).toString('utf8');
      ran.push(text);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { verdict: failing.includes(text) ? 'failed' : 'validated', detail: '' } as ValidationOutcome;
    },
  } as unknown as ValidatorPool;
  return { pool, ran };
}

const validated = { verdict: 'validated' } as ValidationOutcome;

describe('RecheckQueue', () => {
  it('never re-checks a superset of a patch already queued or passed', async () => {
    const { pool, ran } = fakePool();
    const queue = new RecheckQueue(pool, undefined);
    queue.add(patch('fix', FIX), validated, BASE);
    queue.add(patch('fix and more', FIX_AND_MORE), validated, BASE);
    assert.equal(queue.size, 1, 'the superset is not counted as to be re-checked');
    const first = await queue.settled();
    queue.add(patch('again, more', FIX_AND_MORE.replace('return xs', 'return list(xs)')), validated, BASE);
    const { rechecked, skipped } = await queue.settled();
    assert.deepEqual(ran, [FIX]);
    assert.equal(first.skipped, 1);
    assert.deepEqual([rechecked.map((r) => r.patch.summary), skipped], [['fix'], 2]);
  });

  it('skips a waiting superset once a smaller patch it contains arrives, not one already running', async () => {
    const { pool, ran } = fakePool();
    const queue = new RecheckQueue(pool, undefined);
    queue.add(patch('running more', FIX_AND_MORE), validated, BASE); // starts at once
    queue.add(patch('other', OTHER), validated, BASE);
    queue.add(patch('waiting more', FIX.replace('return xs', 'return xs[:]')), validated, BASE);
    queue.add(patch('fix', FIX), validated, BASE);
    const { rechecked, skipped } = await queue.settled();
    assert.deepEqual(ran, [FIX_AND_MORE, OTHER, FIX]);
    assert.deepEqual(
      rechecked.map((r) => r.patch.summary),
      ['running more', 'other', 'fix'],
      'in the order added',
    );
    assert.equal(skipped, 1);
  });

  it('re-checks a superset after all - once the smaller patch failed its re-check', async () => {
    const { pool, ran } = fakePool([FIX]);
    const queue = new RecheckQueue(pool, undefined);
    queue.add(patch('fix', FIX), validated, BASE);
    queue.add(patch('fix and more', FIX_AND_MORE), validated, BASE);
    const { rechecked, skipped } = await queue.settled();
    assert.deepEqual(ran, [FIX, FIX_AND_MORE]);
    assert.deepEqual(
      rechecked.map((r) => [r.patch.summary, r.outcome.verdict]),
      [
        ['fix', 'failed'],
        ['fix and more', 'validated'],
      ],
    );
    assert.equal(skipped, 0);
  });

  it('tells each re-check as it ends, failed or passed, and nothing of a skipped superset', async () => {
    const { pool } = fakePool([FIX]);
    const heard: string[] = [];
    const queue = new RecheckQueue(pool, undefined, (patch, outcome) => heard.push(`${patch.summary}: ${outcome.verdict}`));
    queue.add(patch('fix', FIX), validated, BASE);
    queue.add(patch('other', OTHER), validated, BASE);
    await queue.settled();
    assert.deepEqual(heard, ['fix: failed', 'other: validated']);
    const passing = fakePool();
    const quiet: string[] = [];
    const second = new RecheckQueue(passing.pool, undefined, (patch) => quiet.push(patch.summary));
    second.add(patch('fix', FIX), validated, BASE);
    second.add(patch('fix and more', FIX_AND_MORE), validated, BASE);
    await second.settled();
    assert.deepEqual(quiet, ['fix']);
  });

  it('without the base text re-checks everything', async () => {
    const { pool, ran } = fakePool();
    const queue = new RecheckQueue(pool, undefined);
    queue.add(patch('fix', FIX), validated, null);
    queue.add(patch('fix and more', FIX_AND_MORE), validated, null);
    queue.add(patch('fix and a line', FIX + 'x = 1\n'), validated, BASE);
    assert.equal((await queue.settled()).skipped, 0);
    assert.equal(ran.length, 3);
  });

  it('skips a patch that adds a line to a fix that passed', async () => {
    const { pool, ran } = fakePool();
    const queue = new RecheckQueue(pool, undefined);
    queue.add(patch('fix', FIX), validated, BASE);
    queue.add(patch('fix and a line', FIX + 'x = 1\n'), validated, BASE);
    assert.equal((await queue.settled()).skipped, 1);
    assert.deepEqual(ran, [FIX]);
  });

  it("hands a re-check's error to settled(), not to an unhandled rejection", async () => {
    const pool = { passing: [], recheck: () => Promise.reject(new Error('worker died')) } as unknown as ValidatorPool;
    const queue = new RecheckQueue(pool, undefined);
    queue.add(patch('fix', FIX), validated, BASE);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await assert.rejects(queue.settled(), /worker died/);
  });
});
