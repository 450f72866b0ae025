// The explanation of a validated patch and its wording, from a failure as the plugin reports
// it and a clean re-check's outcome as the worker reports it.
import * as assert from 'node:assert/strict';
import { exceptionLine, explainFix, explanationLines, fixShortText } from '../../src/core/review/explain';
import type { Failure, FixExplanation } from '../../src/core/types';
import type { ValidationOutcome } from '../../src/core/validate';

const assertionFailure: Failure = {
  nodeid: 'tests/test_ranges.py::test_clamp_above',
  kind: 'test',
  exception: 'AssertionError',
  message: 'assert 0 == 10\n +  where 0 = clamp(42, 0, 10)',
  longrepr: '',
  frames: [],
};
const timeoutFailure: Failure = {
  ...assertionFailure,
  nodeid: 'tests/test_ranges.py::test_loop',
  kind: 'timeout',
  exception: 'Timeout',
  message: 'test exceeded 2 s',
};

function recheck(results: [string, string][], suite: { total: number; passed: number }): Pick<ValidationOutcome, 'tests' | 'validation'> {
  return {
    tests: results.map(
      ([nodeid, outcome]) => ({ nodeid, outcome, phase: 'call', message: '', durationMs: 1 }) as ValidationOutcome['tests'][number],
    ),
    validation: { failingFixed: 0, failingTotal: 0, suitePassed: suite.passed, suiteTotal: suite.total },
  };
}

describe('explainFix', () => {
  it('gives each failing test the error it failed with before and its outcome under the patch', () => {
    const explanation = explainFix(
      recheck(
        [
          ['tests/test_ranges.py::test_clamp_above', 'passed'],
          ['tests/test_ranges.py::test_loop', 'xpassed'],
          ['tests/test_ranges.py::test_clamp_inside', 'passed'],
        ],
        { total: 1, passed: 1 },
      ),
      [assertionFailure, timeoutFailure],
      4,
    );
    assert.deepEqual(explanation, {
      fixed: [
        {
          nodeid: 'tests/test_ranges.py::test_clamp_above',
          before: { kind: 'test', error: 'AssertionError: assert 0 == 10' },
          after: 'passed',
        },
        { nodeid: 'tests/test_ranges.py::test_loop', before: { kind: 'timeout', error: 'Timeout: test exceeded 2 s' }, after: 'xpassed' },
      ],
      others: { passedBefore: 4, ran: 1, passed: 1 },
    });
    assert.deepEqual(explanationLines(explanation), [
      'test_clamp_above failed with AssertionError: assert 0 == 10; now it passes',
      'test_loop timed out; now it passes (it is marked xfail)',
      'the 1 other test that runs the patched code ran under the patch and still passes (the other 3 do not run it)',
    ]);
  });

  it('leaves out a failing test the re-check did not see pass', () => {
    const explanation = explainFix(
      recheck([['tests/test_ranges.py::test_clamp_above', 'failed']], { total: 0, passed: 0 }),
      [assertionFailure],
      0,
    );
    assert.deepEqual(explanation.fixed, []);
  });
});

describe('The wording of an explanation', () => {
  const fixed: FixExplanation['fixed'] = [
    {
      nodeid: 'tests/test_ranges.py::test_clamp_above',
      before: { kind: 'test', error: 'AssertionError: assert 0 == 10' },
      after: 'passed',
    },
  ];
  const cases: [FixExplanation['others'], string, string][] = [
    [
      { passedBefore: 4, ran: 4, passed: 4 },
      'all 4 other tests of this run ran under the patch and still pass',
      'fixes 1 failing test; 4/4 other tests pass',
    ],
    [
      { passedBefore: 1, ran: 1, passed: 1 },
      'the one other test of this run ran under the patch and still passes',
      'fixes 1 failing test; 1/1 other test passes',
    ],
    [
      { passedBefore: 2, ran: 2, passed: 2 },
      'both other tests of this run ran under the patch and still pass',
      'fixes 1 failing test; 2/2 other tests pass',
    ],
    [
      { passedBefore: 9, ran: 2, passed: 2 },
      'the 2 other tests that run the patched code ran under the patch and still pass (the other 7 do not run it)',
      'fixes 1 failing test; 2/2 other tests pass (those that run this code)',
    ],
    [
      { passedBefore: 9, ran: 0, passed: 0 },
      'none of the 9 other tests of this run runs the patched code, so none was re-run',
      'fixes 1 failing test; no other test runs this code',
    ],
    [{ passedBefore: 0, ran: 0, passed: 0 }, 'there is no other test in this run', 'fixes 1 failing test; no other tests'],
    [
      { passedBefore: 5, ran: 5, passed: 4 },
      'all 5 other tests of this run ran under the patch and 4 of them pass, 1 fail',
      'fixes 1 failing test; 4/5 other tests pass',
    ],
  ];
  for (const [others, line, short] of cases) {
    it(`says "${line}"`, () => {
      const explanation = { fixed, others };
      assert.equal(explanationLines(explanation).at(-1), line);
      assert.equal(fixShortText({ validation: { failingFixed: 1, failingTotal: 1, suitePassed: 0, suiteTotal: 0 }, explanation }), short);
    });
  }

  it('words a crash and a failure without a message', () => {
    const lines = explanationLines({
      fixed: [
        { nodeid: 't.py::test_a', before: { kind: 'crash', error: 'Crash' }, after: 'passed' },
        {
          nodeid: 't.py::test_b',
          before: { kind: 'test', error: exceptionLine({ exception: 'ZeroDivisionError', message: '' }) },
          after: 'passed',
        },
      ],
      others: { passedBefore: 0, ran: 0, passed: 0 },
    });
    assert.deepEqual(lines.slice(0, 2), [
      'test_a crashed the interpreter; now it passes',
      'test_b failed with ZeroDivisionError; now it passes',
    ]);
  });
});
