import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { judgeBehaviour, presented, recordCalls, recordPlan } from '../../src/core/behaviour';
import { rankValidated } from '../../src/core/review/ranking';
import type { Suspect, ValidatedPatch } from '../../src/core/types';
import { ValidatorPool } from '../../src/core/validate';
import type { Recording } from '../../src/core/wire';
import { candidateIn } from '../helpers/candidate';
import { copyFixture, fixturePath, hashTree, removeCopy } from '../helpers/workspace';

// The evidence beyond the tests (src/core/behaviour/, src/python/deepdebug/record.py,
// replay.py) on real pytest sessions over test/fixtures/behaviour-basic: the passing tests'
// calls recorded on the unpatched code, replayed on hand-written patches, new inputs on which
// the patches disagree, and the test that pins an answer.

const python = 'python3';
const fixture = fixturePath('behaviour-basic');
const failing = ['test_stats.py::test_median_of_an_even_count', 'test_pricing.py::test_ten_items_are_discounted'];
const passing = [
  'test_stats.py::test_median_of_an_odd_count',
  'test_stats.py::test_median_of_one',
  'test_pricing.py::test_a_few_items',
  'test_pricing.py::test_many_items',
  'test_pricing.py::test_the_price_is_a_number',
  'test_records.py::test_tally_counts_words',
  'test_records.py::test_chunks',
  'test_records.py::test_describe_many_things',
  'test_records.py::test_negative_codes_raise',
];
const limits = { maxCalls: 20, maxArgBytes: 4096, maxDerived: 20 };

/** A validated patch of `file`'s function at `lines`, its new text `replace` applied to the file. */
function patch(file: string, fn: string, lines: [number, number], replace: (text: string) => string, summary = fn): ValidatedPatch {
  const newFileText = replace(fs.readFileSync(path.join(fixture, file), 'utf8'));
  return {
    ...candidateIn(file, fn, lines, newFileText, summary),
    validation: { failingFixed: 1, failingTotal: 1, suitePassed: 1, suiteTotal: 1 },
    baseSha256: '',
  };
}

function suspect(file: string, fn: string, startLine: number, endLine: number): Suspect {
  return { file, function: fn, startLine, endLine, score: 1, reasons: [], lines: [] };
}

const median = suspect('stats.py', 'median', 1, 7);
const bulkPrice = suspect('pricing.py', 'bulk_price', 1, 6);
const medianRight = patch('stats.py', 'median', [1, 7], (text) => text.replace('ordered[middle]) // 2', 'ordered[middle]) / 2'));
// Passes the tests: 2 + 0.5 is the median of [1, 2, 3, 4], but not of [1, 3].
const medianOverfit = patch('stats.py', 'median', [1, 7], (text) =>
  text.replace('return (ordered[middle - 1] + ordered[middle]) // 2', 'return ordered[middle - 1] + 0.5'),
);
const priceRight = patch('pricing.py', 'bulk_price', [1, 6], (text) => text.replace('count > 10', 'count >= 10'), 'right');
const priceEquivalent = patch('pricing.py', 'bulk_price', [1, 6], (text) => text.replace('count > 10', 'count > 9'), 'equivalent');
// Passes the tests: the one that buys 9 items checks only that the price is a number.
const priceOverfit = patch('pricing.py', 'bulk_price', [1, 6], (text) => text.replace('count > 10', 'count > 8'), 'overfit');

describe("Recording and replaying the suspects' calls (behaviour/)", function () {
  this.timeout(300_000);
  let pool: ValidatorPool;
  let hashesBefore: Map<string, string>;

  before(async () => {
    hashesBefore = hashTree(fixture);
    pool = await ValidatorPool.start({ workspace: fixture, python, failing, passing, workers: 2, perCandidateTimeoutMs: 10_000 });
  });

  after(async () => {
    await pool?.dispose();
    assert.deepEqual(hashTree(fixture), hashesBefore, 'nothing is written to the workspace');
  });

  describe('the recorder, in a passing test run on the unpatched code', () => {
    let recording: Recording;

    before(async () => {
      const recorded = await pool.record({
        tests: passing.filter((id) => id.startsWith('test_records.py')),
        targets: [
          { file: 'records.py', function: 'tally', startLine: 1 },
          { file: 'records.py', function: 'chunks', startLine: 6 },
          { file: 'records.py', function: 'describe', startLine: 12 },
          { file: 'records.py', function: 'check_code', startLine: 17 },
          { file: 'records.py', function: 'missing', startLine: 1 },
        ],
        seedTests: [],
        ...limits,
      });
      assert.equal(typeof recorded, 'object', String(recorded));
      recording = recorded as Recording;
    });

    it("keeps each call's arguments as they were when it began, though the function changes them", () => {
      const tally = recording.functions[0]!;
      assert.deepEqual(
        tally.calls.map((call) => call.shown),
        ["tally({}, 'a')", "tally({'a': 1}, 'b')", "tally({'a': 1, 'b': 1}, 'a')"],
      );
      assert.ok(
        tally.calls.every((call) => !call.raised && call.digest),
        JSON.stringify(tally.calls),
      );
      assert.equal(tally.module, 'records');
    });

    it("records a generator function's calls as not replayable, and says where a function is not found", () => {
      assert.deepEqual(recording.functions[1]!.calls, []);
      assert.match(recording.functions[1]!.note ?? '', /generator/);
      assert.match(recording.functions[4]!.note ?? '', /not found/);
    });

    it('is bounded: arguments too large or that do not pickle (or not back) are counted, and calls past the limit', () => {
      const describe = recording.functions[2]!;
      assert.equal(describe.tooLarge, 1);
      assert.equal(describe.unpicklable, 2, 'a lambda, and a frozen dataclass with slots');
      assert.equal(describe.calls.length, limits.maxCalls);
      assert.equal(describe.beyondLimit, 50 - limits.maxCalls);
      assert.ok(describe.calls.every((call) => call.args.length <= (limits.maxArgBytes * 4) / 3 + 4));
      assert.ok(describe.derived.length <= limits.maxDerived);
    });

    it('tells a call that raised from one that returned, and derives new inputs from the arguments', () => {
      const check = recording.functions[3]!;
      assert.deepEqual(
        check.calls.map((call) => [call.shown, call.raised, call.literal]),
        [
          ['check_code(-1)', true, '-1'],
          ['check_code(3)', false, '3'],
        ],
      );
      assert.deepEqual(
        check.derived.map((call) => call.shown),
        ['check_code(-2)', 'check_code(2)', 'check_code(0)', 'check_code(4)'],
      );
    });

    it('replays the calls in a child, where a changed argument is part of the outcome', async () => {
      const targets = [{ file: 'records.py', function: 'tally', startLine: 1 }];
      const calls = recording.functions[0]!.calls.map((call) => ({ target: 0, args: call.args }));
      const forgetful = patch('records.py', 'tally', [1, 3], (text) =>
        text.replace('counts[word] = counts.get(word, 0) + 1', 'counts.get(word, 0) + 1'),
      );
      const [before, after] = await Promise.all([pool.replay(null, targets, calls, 250), pool.replay(forgetful, targets, calls, 250)]);
      assert.ok(typeof before === 'object' && typeof after === 'object', `${String(before)} ${String(after)}`);
      assert.deepEqual(
        before.map((outcome) => outcome.digest),
        recording.functions[0]!.calls.map((call) => call.digest),
      );
      assert.equal(before[0]!.shown, "None; arguments after: {'a': 1}, 'a'");
      assert.equal(after[0]!.shown, 'None');
      assert.ok(after.every((outcome, i) => outcome.reached === true && outcome.digest !== before[i]!.digest));
    });
  });

  describe('the replay of validated patches', () => {
    const judge = async (patches: ValidatedPatch[]) => {
      const plan = recordPlan([bulkPrice], { passing: pool.passing, failing: [] }, undefined, new Map());
      const judged = await judgeBehaviour(pool, await recordCalls(pool, plan), patches, failing);
      return { ...presented(rankValidated(judged.patches), judged.disagreement), stats: judged.stats };
    };

    it("ranks down a patch that changes the result of a passing test's call no test checks, and says so", async () => {
      const shown = await judge([priceOverfit, priceRight, priceEquivalent]);
      assert.deepEqual(
        shown.patches.map((p) => p.summary),
        ['right', 'equivalent', 'overfit'],
      );
      const overfit = shown.patches[2]!;
      assert.deepEqual(overfit.behaviour?.changed, [{ call: 'bulk_price(3.0, 9)', before: '27.0', after: '24.3' }]);
      assert.equal(overfit.confidence, 'unsure: changes the result of bulk_price(3.0, 9) from 27.0 to 24.3, which no test checks');
      assert.match(overfit.rankedBecause ?? '', /ranked down: changes the result of bulk_price\(3\.0, 9\) from 27\.0 to 24\.3/);
      // The two others agree with each other, not with it, on a new input.
      assert.equal(shown.disagreement?.call, 'bulk_price(2.0, 9)');
      assert.deepEqual(
        shown.disagreement?.answers.map((a) => [a.result, a.patches]),
        [
          ['18.0', [1, 2]],
          ['16.2', [3]],
        ],
      );
      assert.equal(shown.patches[0]!.confidence, 'unsure: gives 18.0 for bulk_price(2.0, 9), where 1 other validated patch gives 16.2');
      assert.deepEqual([shown.stats.recordedCalls, shown.stats.replayedCalls, shown.stats.notes], [3, 3, []]);
    });

    it('says how much evidence a patch has when nothing speaks against it', async () => {
      const shown = await judge([priceRight, priceEquivalent]);
      assert.equal(shown.disagreement, undefined);
      for (const patch of shown.patches) {
        assert.equal(patch.behaviour?.kept, 3);
        assert.equal(
          patch.confidence,
          `kept the behaviour of 3 recorded calls; agrees with the other validated patch on ${shown.stats.replayedInputs} new inputs`,
        );
      }
      assert.ok(shown.stats.replayedInputs > 10, JSON.stringify(shown.stats));
    });
  });

  describe('where validated patches disagree on a new input', () => {
    let shown: ReturnType<typeof presented>;

    before(async () => {
      const plan = recordPlan([median], { passing: pool.passing, failing: [] }, undefined, new Map());
      const judged = await judgeBehaviour(pool, await recordCalls(pool, plan), [medianRight, medianOverfit], failing);
      shown = presented(rankValidated(judged.patches), judged.disagreement);
    });

    it('shows the smallest input they disagree on, what each group returns, and a test for each answer', () => {
      const { disagreement } = shown;
      assert.ok(disagreement);
      assert.deepEqual(
        {
          call: disagreement.call,
          before: disagreement.before,
          results: disagreement.answers.map((a) => a.result),
          testFile: disagreement.testFile,
        },
        { call: 'median([3, 1])', before: '2', results: ['2.0', '1.5'], testFile: 'test_deepdebug_median.py' },
      );
      assert.deepEqual(
        disagreement.answers.map((a) => a.patches),
        [[1], [2]],
      );
      assert.match(disagreement.answers[0]!.test ?? '', /from stats import median\n\n {4}assert median\(\[3, 1\]\) == 2\.0\n$/);
      assert.match(
        shown.patches[0]!.confidence ?? '',
        /^unsure: gives 2\.0 for median\(\[3, 1\]\), where 1 other validated patch gives 1\.5$/,
      );
    });

    it('writes a test that pytest runs and that holds under the patches giving its answer only', () => {
      const copy = copyFixture('behaviour-basic');
      try {
        const disagreement = shown.disagreement!;
        const outcomes = [medianRight, medianOverfit].map((applied) =>
          disagreement.answers.map((answer) => {
            fs.writeFileSync(path.join(copy, 'stats.py'), applied.newFileText);
            fs.writeFileSync(path.join(copy, disagreement.testFile!), answer.test!);
            try {
              execFileSync(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', disagreement.testFile!], { cwd: copy, stdio: 'pipe' });
              return 'passes';
            } catch {
              return 'fails';
            }
          }),
        );
        assert.deepEqual(outcomes, [
          ['passes', 'fails'],
          ['fails', 'passes'],
        ]);
      } finally {
        removeCopy(copy);
      }
    });
  });
});
