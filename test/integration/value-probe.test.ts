import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';
import { expectedFirst, OBSERVE, standingVariants, valueProbeCandidate, type ValueSchedule } from '../../src/core/synth/value-probe';
import { valueSites, type ValueSite } from '../../src/core/synth/value-sites';
import { variantsOf, type Variant } from '../../src/core/synth/value-variants';
import type { Suspect } from '../../src/core/types';
import { ValidatorPool } from '../../src/core/validate';

// Value probes (src/core/synth/value-probe.ts, src/python/deepdebug/probe.py `value`) run
// through the validator on real pytest sessions: each variant of a value evaluated at each
// evaluation, the variants the failing test calls for, the passing tests' evaluations ruling
// out those that change what they saw; a value forced into a loop, or one that raises, stays a
// candidate's failure.

const fixtures = path.join(packageRoot(), 'test', 'fixtures');

function suspect(file: string, fn: string, lines: [number, number], ranked: number[]): Suspect {
  return {
    file,
    function: fn,
    startLine: lines[0],
    endLine: lines[1],
    score: 1,
    reasons: [],
    lines: ranked.map((line) => ({ line, score: 1 })),
  };
}

async function sitesIn(fixture: string, s: Suspect): Promise<ValueSite[]> {
  return valueSites([s], async (file) => fs.readFileSync(path.join(fixtures, fixture, file), 'utf8'), 10);
}

async function probe(pool: ValidatorPool, site: ValueSite, variants: Variant[], schedule: ValueSchedule) {
  const candidate = await valueProbeCandidate(site, variants, schedule);
  assert.ok(candidate);
  return pool.validate(candidate);
}

const indexOf = (variants: Variant[], text: string): number => {
  const i = variants.findIndex((v) => v.text === text);
  assert.ok(i >= 0, `no variant ${text} in ${variants.map((v) => v.text).join(', ')}`);
  return i;
};

describe('Value probes', function () {
  this.timeout(120_000);

  describe('on a list of pages that keeps repeated visits', () => {
    let pool: ValidatorPool;
    let site: ValueSite;
    let variants: Variant[];
    const failing = 'test_visits.py::test_repeat_visits';

    before(async () => {
      pool = await ValidatorPool.start({
        workspace: path.join(fixtures, 'synth-value-visits'),
        python: 'python3',
        failing: [failing],
        passing: [
          'test_visits.py::test_in_order',
          'test_visits.py::test_blank_lines',
          'test_visits.py::test_empty',
          'test_visits.py::test_count',
        ],
        workers: 1,
        perCandidateTimeoutMs: 5000,
      });
      const sites = await sitesIn('synth-value-visits', suspect('visits.py', 'visited_pages', [4, 7], [6, 7]));
      assert.deepEqual(
        sites.map((s) => [s.kind, s.text]),
        [
          ['return', 'pages'],
          ['assignment', '[line.split()[1] for line in log if line.strip()]'],
        ],
      );
      site = sites[0]!;
      variants = variantsOf(site);
    });
    after(() => pool?.dispose());

    it('evaluates every variant on the live value, smallest first, and ranks the value the failing assertion expected first', async () => {
      const observed = await probe(pool, site, variants, OBSERVE);
      assert.equal(observed.validation.failingFixed, 0);
      const [evaluation] = observed.probe!;
      assert.equal(observed.probe!.length, 1);
      assert.equal(evaluation!.test, failing);
      assert.equal(evaluation!.value, null, 'a list is not a simple value');
      assert.equal(evaluation!.locals['len(pages)'], 3);
      const shown = (text: string): string | null | undefined => evaluation!.variants![indexOf(variants, text)];
      assert.equal(shown('list(pages)'), '=');
      assert.equal(shown('sum(pages)'), null, 'a variant that raises');
      assert.equal(shown('sorted(pages)'), "['/cart', '/home', '/home']");
      assert.equal(shown('list(dict.fromkeys(pages))'), "['/home', '/cart']");
      const standing = standingVariants(variants.length, observed.probe!, [], new Set([failing])).map((i) => variants[i]!.text);
      assert.ok(standing.indexOf('sorted(pages)') < standing.indexOf('list(dict.fromkeys(pages))'), standing.join(', '));
      assert.ok(!standing.includes('list(pages)') && !standing.includes('sum(pages)'));
      const messages = observed.tests.filter((t) => t.nodeid === failing).map((t) => t.message);
      const ranked = expectedFirst(
        standing.map((text) => indexOf(variants, text)),
        observed.probe!,
        messages,
      );
      assert.equal(variants[ranked[0]!]!.text, 'list(dict.fromkeys(pages))', messages.join('\n'));
    });

    it('records the passing tests once the forced variant fixes the failing one, and keeps only variants that agree with them', async () => {
      const observed = await probe(pool, site, variants, OBSERVE);
      const wanted = indexOf(variants, 'list(dict.fromkeys(pages))');
      const forced = await probe(pool, site, variants, { variant: wanted, tests: [failing] });
      assert.equal(forced.validation.failingFixed, 1, forced.detail);
      const tests = new Set(forced.probe!.map((e) => e.test));
      assert.ok(tests.size >= 4, [...tests].join(', '));
      const inOrder = forced.probe!.find((e) => e.test === 'test_visits.py::test_in_order')!;
      assert.equal(inOrder.variants![indexOf(variants, 'sorted(pages)')], "['/about', '/cart', '/home']");
      assert.equal(inOrder.variants![wanted], '=');
      const standing = standingVariants(variants.length, observed.probe!, forced.probe!, new Set([failing]));
      assert.deepEqual(
        standing.map((i) => variants[i]!.text),
        ['list(dict.fromkeys(pages))'],
      );
    });
  });

  describe('on a loop, and a value that raises', () => {
    let pool: ValidatorPool;
    const positions = 'test_steps.py::test_positions';
    const label = 'test_steps.py::test_label';

    before(async () => {
      pool = await ValidatorPool.start({
        workspace: path.join(fixtures, 'synth-value-steps'),
        python: 'python3',
        failing: [positions, label],
        passing: [],
        workers: 1,
        perCandidateTimeoutMs: 8000,
      });
    });
    after(() => pool?.dispose());

    it('records the value at each evaluation of a loop, with the locals it saw', async () => {
      const [site] = await sitesIn('synth-value-steps', suspect('steps.py', 'positions', [4, 11], [10]));
      assert.equal(site!.text, 'at + step');
      const variants = variantsOf(site!);
      const observed = await probe(pool, site!, variants, OBSERVE);
      assert.deepEqual(
        observed.probe!.map((e) => [e.n, e.test, e.locals.at, e.value, e.returned]),
        [
          [1, positions, 0, 3, 3],
          [2, positions, 3, 6, 6],
          [3, positions, 6, 9, 9],
          [4, positions, 9, 12, 12],
        ],
      );
      assert.equal(observed.probe![0]!.variants![indexOf(variants, '(at + step) * step')], '9');
    });

    it('ends a loop that a forced variant keeps going as a failed test, with a bounded record, and serves on', async () => {
      const [site] = await sitesIn('synth-value-steps', suspect('steps.py', 'positions', [4, 11], [10]));
      const variants = variantsOf(site!);
      const looping = await probe(pool, site!, variants, { variant: indexOf(variants, '(at + step) - step'), tests: [positions] });
      assert.equal(looping.verdict, 'failed');
      const result = looping.tests.find((t) => t.nodeid === positions)!;
      assert.match(result.message, /probe: over 10000 evaluations/);
      assert.equal(looping.probe!.length, 8);
      const again = await probe(pool, site!, variants, OBSERVE);
      assert.equal(again.probe!.length, 4);
    });

    it('lets a value raise where the code raises, and records a variant that raises as null', async () => {
      const sites = await sitesIn('synth-value-steps', suspect('steps.py', 'label', [14, 15], [15]));
      assert.deepEqual(
        sites.map((s) => [s.kind, s.text]),
        [
          ['return', 'int(code) + 1'],
          ['argument', 'code'],
          ['operand', 'int(code)'],
        ],
      );
      const [whole, argument] = sites;
      const raising = await probe(pool, whole!, variantsOf(whole!), OBSERVE);
      const result = raising.tests.find((t) => t.nodeid === label)!;
      assert.match(result.message, /ValueError/);
      assert.equal(raising.probe, undefined);
      const variants = variantsOf(argument!);
      const observed = await probe(pool, argument!, variants, OBSERVE);
      const [evaluation] = observed.probe!;
      assert.equal(evaluation!.value, 'x7');
      assert.equal(evaluation!.variants![indexOf(variants, 'int(code)')], null);
      assert.equal(evaluation!.variants![indexOf(variants, 'code.upper()')], "'X7'");
    });
  });
});
