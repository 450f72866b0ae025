import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';
import { probeCandidate, type Schedule } from '../../src/core/synth/probe';
import { conditionSites, type ConditionSite } from '../../src/core/synth/sites';
import type { Suspect } from '../../src/core/types';
import { ValidatorPool } from '../../src/core/validate';

// Angelic probes (src/core/synth/probe.ts, src/python/deepdebug/probe.py) run through the
// validator on real pytest sessions: a condition flipped at one evaluation of several, with
// what each evaluation saw coming back; a forced loop or a condition that raises stays a
// candidate's failure.

const fixtures = path.join(packageRoot(), 'test', 'fixtures');

function suspect(file: string, fn: string, lines: [number, number], line: number): Suspect {
  return { file, function: fn, startLine: lines[0], endLine: lines[1], score: 1, reasons: [], lines: [{ line, score: 1 }] };
}

async function siteIn(fixture: string, s: Suspect): Promise<ConditionSite> {
  const [site] = await conditionSites([s], async (file) => fs.readFileSync(path.join(fixtures, fixture, file), 'utf8'), 1);
  assert.ok(site);
  return site;
}

async function probe(pool: ValidatorPool, site: ConditionSite, schedule: Schedule) {
  const candidate = await probeCandidate(site, schedule);
  assert.ok(candidate);
  return pool.validate(candidate);
}

describe('Angelic probes of a condition', function () {
  this.timeout(120_000);

  describe('on a loop that keeps the highest price, within no budget', () => {
    let pool: ValidatorPool;
    let site: ConditionSite;
    const failing = 'test_prices.py::test_skips_what_is_over_budget';

    before(async () => {
      pool = await ValidatorPool.start({
        workspace: path.join(fixtures, 'synth-condition-compare'),
        python: 'python3',
        failing: [failing],
        passing: ['test_prices.py::test_all_fit', 'test_prices.py::test_first_is_best', 'test_prices.py::test_no_prices'],
        workers: 1,
        perCandidateTimeoutMs: 5000,
      });
      site = await siteIn('synth-condition-compare', suspect('prices.py', 'best_affordable', [4, 10], 8));
    });
    after(() => pool?.dispose());

    it('counts the evaluations in the child, flips only the one named, and records what each saw', async () => {
      const observed = await probe(pool, site, []);
      assert.equal(observed.validation.failingFixed, 0);
      assert.deepEqual(
        observed.probe?.map((e) => [e.n, e.test, e.value, e.returned]),
        [
          [1, failing, true, true],
          [2, failing, true, true],
          [3, failing, false, false],
        ],
      );
      const flipped = await probe(pool, site, [2]);
      assert.equal(flipped.validation.failingFixed, 1, flipped.detail);
      const inFailing = flipped.probe!.filter((e) => e.test === failing);
      assert.deepEqual(
        inFailing.map((e) => [e.n, e.value, e.returned]),
        [
          [1, true, true],
          [2, true, false],
          [3, true, true],
        ],
      );
      assert.deepEqual(inFailing[2]!.locals, { 'len(prices)': 3, budget: 10, best: 5, price: 8 });
      // The passing tests ran too (the failing one passed), numbered on from the failing test's evaluations.
      assert.ok(flipped.probe!.some((e) => e.test === 'test_prices.py::test_first_is_best' && e.n > 3));
    });

    it('forces a value where the condition raises, and lets it raise where nothing is forced', async () => {
      const raising = { ...site, text: 'prices[99] > 0' };
      const forced = await probe(pool, raising, true);
      assert.ok(
        forced.probe!.every((e) => e.value === null && e.returned),
        JSON.stringify(forced.probe),
      );
      const plain = await probe(pool, raising, []);
      assert.equal(plain.verdict, 'failed');
      assert.match(plain.tests[0]!.message, /IndexError/);
      assert.equal(plain.probe, undefined);
    });
  });

  it('ends a loop forced to go on as a failed test, not a hung candidate, and records a bounded number of evaluations', async () => {
    const pool = await ValidatorPool.start({
      workspace: path.join(fixtures, 'probe-loop'),
      python: 'python3',
      failing: ['test_steps.py::test_counts_both_ends'],
      passing: [],
      workers: 1,
      perCandidateTimeoutMs: 8000,
    });
    try {
      const site = await siteIn('probe-loop', suspect('steps.py', 'steps_between', [4, 9], 6));
      const looping = await probe(pool, site, true);
      assert.equal(looping.verdict, 'failed');
      assert.match(looping.tests[0]!.message, /probe: over 10000 evaluations/);
      assert.equal(looping.probe!.length, 64);
      // The session serves the next candidate as before.
      const observed = await probe(pool, site, []);
      assert.deepEqual(
        observed.probe?.map((e) => e.returned),
        [true, true, true, false],
      );
    } finally {
      await pool.dispose();
    }
  });
});
