import * as assert from 'node:assert/strict';
import { failureFor, localize, type LocalizeOptions } from '../../src/core/localize';
import { dstar, ochiai } from '../../src/core/localize/spectrum';
import type { Failure, Frame, PytestRun, Suspect, TestResult } from '../../src/core/types';

const shop = `def parse_price(text):
    value = float(text)
    return value


def apply_discount(price, pct):
    if pct > 50:
        pct = 50
    return price * (1 - pct)


def total(items):
    return sum(parse_price(i) for i in items)


def ratio(a, b):
    return a / b


def average(values):
    return ratio(sum(values), len(values) - 1)


LIMIT = int("10")


def checked(value):
    if value < 0:
        raise ValueError("negative")
    return value


def net(price, cost):
    return checked(cost - price)
`;

const tests = `from shop import *


def test_discount():
    assert apply_discount(100, 10) == 90


def test_average():
    assert average([4]) == 4
`;

const sources: Record<string, string> = { 'shop.py': shop, 'tests/test_shop.py': tests };

const options: LocalizeOptions = {
  workspace: '/ws',
  readSource: async (file) => sources[file] ?? null,
  isTestFile: (file) => file.startsWith('tests/'),
};

function frame(file: string, line: number, fn: string): Frame {
  return { file, line, function: fn, inWorkspace: true };
}

const stdlib: Frame = { file: '/usr/lib/python3.11/statistics.py', line: 300, function: 'mean', inWorkspace: false };

function test(nodeid: string, outcome: TestResult['outcome'], coverage?: Record<string, number[]>, frames: Frame[] = []): TestResult {
  return { nodeid, outcome, phase: 'call', durationMs: 1, frames, coverage };
}

function runOf(results: TestResult[]): PytestRun {
  return {
    kind: 'pytest-run',
    workspace: '/ws',
    python: 'python3',
    selection: [],
    tests: results,
    exitCode: 1,
    durationMs: 10,
    coverageRecorded: results.some((r) => r.coverage !== undefined),
    environRead: [],
    userBase: null,
  };
}

function failureOf(result: TestResult, exception = 'AssertionError'): Failure {
  return { nodeid: result.nodeid, kind: 'test', exception, message: '', longrepr: '', frames: result.frames };
}

const names = (suspects: Suspect[]): string[] => suspects.map((s) => `${s.file}:${s.function}`);

// Passing tests that exercise the healthy code.
const passing = [
  test('tests/test_shop.py::test_total', 'passed', { 'shop.py': [2, 3, 13] }),
  test('tests/test_shop.py::test_total_many', 'passed', { 'shop.py': [2, 3, 13] }),
  test('tests/test_shop.py::test_ratio', 'passed', { 'shop.py': [17] }),
  test('tests/test_shop.py::test_ratio_half', 'passed', { 'shop.py': [17] }),
  test('tests/test_shop.py::test_big_discount', 'passed', { 'shop.py': [7, 8, 9] }),
];

describe('localize', () => {
  it('computes DStar (e=2, zero denominator guarded) and Ochiai', () => {
    assert.equal(dstar(2, 1, 3), 2); // 4 / (1 + 1)
    assert.equal(dstar(2, 0, 2), 8); // 4 / 0.5: every failing and no passing test
    assert.equal(dstar(0, 3, 2), 0);
    assert.equal(ochiai(2, 0, 2), 1);
    assert.equal(ochiai(1, 1, 2), 0.5);
    assert.equal(ochiai(0, 0, 2), 0);
  });

  it('ranks the innermost frame first, with its reasons, and the test function last', async () => {
    const failing = test('tests/test_shop.py::test_discount', 'failed', { 'shop.py': [7, 9], 'tests/test_shop.py': [5] }, [
      frame('tests/test_shop.py', 5, 'test_discount'),
      frame('shop.py', 9, 'apply_discount'),
      stdlib,
    ]);
    const suspects = await localize(runOf([failing, ...passing]), [failureOf(failing, 'TypeError')], options);
    assert.deepEqual(names(suspects), ['shop.py:apply_discount', 'tests/test_shop.py:test_discount']);
    const [top] = suspects;
    assert.equal(top!.startLine, 6);
    assert.equal(top!.endLine, 9);
    assert.deepEqual(top!.reasons, [
      'frame 1 of 2 (innermost)',
      'DStar 1.0',
      'Ochiai 0.71',
      'line 7 covered by 1/1 failing, 1/5 passing tests',
    ]);
    // Line 9 raised and is covered: first; line 7 only covered.
    assert.deepEqual(
      top!.lines.map((l) => l.line),
      [9, 7],
    );
    assert.ok(suspects[1]!.reasons.includes('in a test file'));
  });

  it('lifts the buggy caller above the helper that raised when passing tests use the helper', async () => {
    const failing = test('tests/test_shop.py::test_average', 'failed', { 'shop.py': [17, 21], 'tests/test_shop.py': [9] }, [
      frame('tests/test_shop.py', 9, 'test_average'),
      frame('shop.py', 21, 'average'),
      frame('shop.py', 17, 'ratio'),
    ]);
    const suspects = await localize(runOf([failing, ...passing]), [failureOf(failing, 'ZeroDivisionError')], options);
    assert.deepEqual(names(suspects).slice(0, 2), ['shop.py:average', 'shop.py:ratio']);
    assert.ok(suspects[0]!.reasons.includes('frame 2 of 3'));
    assert.ok(suspects[1]!.reasons.includes('frame 1 of 3 (innermost)'));
    assert.ok(suspects[0]!.score > suspects[1]!.score);
  });

  it('finds a bug with no frame of its own (assertion in the test) by the spectrum', async () => {
    const failing = test('tests/test_shop.py::test_discount', 'failed', { 'shop.py': [2, 3, 7, 9, 13], 'tests/test_shop.py': [5] }, [
      frame('tests/test_shop.py', 5, 'test_discount'),
    ]);
    const suspects = await localize(runOf([failing, ...passing]), [failureOf(failing)], options);
    assert.equal(suspects[0]!.function, 'apply_discount');
    assert.deepEqual(suspects[0]!.reasons, ['DStar 1.0', 'Ochiai 0.71', 'line 7 covered by 1/1 failing, 1/5 passing tests']);
    assert.equal(suspects.at(-1)!.function, 'test_discount');
  });

  it('suspects the caller first when the innermost function raised on purpose, and counts a comprehension once', async () => {
    const rejected = test('tests/test_shop.py::test_net', 'failed', undefined, [
      frame('tests/test_shop.py', 5, 'test_discount'),
      frame('shop.py', 34, 'net'),
      frame('shop.py', 29, 'checked'),
    ]);
    const suspects = await localize(runOf([rejected]), [failureOf(rejected, 'ValueError')], options);
    assert.deepEqual(
      suspects.map((s) => [s.function, s.score, s.reasons[0]]),
      [
        ['net', 1, 'frame 2 of 3 (called the function that raised)'],
        ['checked', 0.5, 'frame 1 of 3 (innermost, raised explicitly)'],
        ['test_discount', 1, 'frame 3 of 3'],
      ],
    );
    const inComprehension = test('tests/test_shop.py::test_total', 'failed', undefined, [
      frame('tests/test_shop.py', 9, 'test_average'),
      frame('shop.py', 13, 'total'),
      frame('shop.py', 13, '<genexpr>'),
      frame('shop.py', 2, 'parse_price'),
    ]);
    const [first, second] = await localize(runOf([inComprehension]), [failureOf(inComprehension, 'ValueError')], options);
    assert.deepEqual(first!.reasons, ['frame 1 of 3 (innermost)']);
    assert.deepEqual([second!.function, second!.score, second!.reasons], ['total', 0.5, ['frame 2 of 3']]);
  });

  it('combines several failing tests: shared coverage and the best frame of any trace', async () => {
    const raising = test('tests/test_shop.py::test_average', 'failed', { 'shop.py': [17, 21] }, [
      frame('tests/test_shop.py', 9, 'test_average'),
      frame('shop.py', 21, 'average'),
    ]);
    const asserting = test('tests/test_shop.py::test_average_two', 'failed', { 'shop.py': [17, 21] }, [
      frame('tests/test_shop.py', 12, 'test_average_two'),
    ]);
    const suspects = await localize(runOf([raising, asserting, ...passing]), [failureOf(raising), failureOf(asserting)], options);
    const average = suspects.find((s) => s.function === 'average')!;
    assert.equal(suspects[0], average);
    assert.deepEqual(average.reasons, [
      'frame 1 of 2 (innermost) in tests/test_shop.py::test_average',
      'DStar 8.0',
      'Ochiai 1.00',
      'line 21 covered by 2/2 failing, 0/5 passing tests',
    ]);
    // With one of the two failing tests only, the same line scores lower.
    const single = await localize(runOf([raising, ...passing]), [failureOf(raising)], options);
    assert.ok(single.find((s) => s.function === 'ratio')!.reasons.includes('line 17 covered by 1/1 failing, 2/5 passing tests'));
  });

  it('falls back to the test function when nothing else is known, and to the frame name for unreadable files', async () => {
    const onlyTest = test('tests/test_shop.py::test_discount', 'failed', undefined, [frame('tests/test_shop.py', 5, 'test_discount')]);
    const suspects = await localize(runOf([onlyTest]), [failureOf(onlyTest)], options);
    assert.deepEqual(names(suspects), ['tests/test_shop.py:test_discount']);
    assert.deepEqual(suspects[0]!.reasons, ['frame 1 of 1 (innermost)', 'in a test file']);

    const vendored = test('tests/test_shop.py::test_x', 'failed', undefined, [frame('vendor/gone.py', 42, 'load')]);
    const [unknown] = await localize(runOf([vendored]), [failureOf(vendored)], options);
    assert.deepEqual([unknown!.function, unknown!.startLine, unknown!.endLine], ['load', 42, 42]);
  });

  it('makes module-level code a suspect only through a frame, as the statement around it', async () => {
    const importError = test('tests/test_shop.py', 'error', undefined, [frame('shop.py', 24, '<module>')]);
    const suspects = await localize(runOf([importError]), [failureOf(importError, 'ValueError')], options);
    assert.deepEqual(
      suspects.map((s) => [s.function, s.startLine, s.endLine]),
      [['<module>', 24, 24]],
    );
    // The same line seen by the spectrum only is not a suspect.
    const covered = test('tests/test_shop.py::test_discount', 'failed', { 'shop.py': [24, 9] });
    const bySpectrum = await localize(runOf([covered, ...passing]), [failureOf(covered)], options);
    assert.deepEqual(names(bySpectrum), ['shop.py:apply_discount']);
  });

  it('pairs a suspect with the failure whose trace runs through it', async () => {
    const asserting = failureOf(test('tests/test_shop.py::test_a', 'failed', undefined, [frame('tests/test_shop.py', 5, 'test_discount')]));
    const raising = failureOf(
      test('tests/test_shop.py::test_b', 'failed', undefined, [
        frame('tests/test_shop.py', 9, 'test_average'),
        frame('shop.py', 21, 'average'),
      ]),
    );
    const [average] = await localize(runOf([]), [raising], options);
    assert.equal(failureFor(average!, [asserting, raising]), raising);
    assert.equal(failureFor({ ...average!, startLine: 1, endLine: 3 }, [asserting, raising]), asserting);
    assert.equal(failureFor(average!, []), undefined);
  });

  it('keeps at most maxSuspects', async () => {
    const failing = test('tests/test_shop.py::test_all', 'failed', { 'shop.py': [2, 3, 7, 9, 13, 17, 21] });
    const all = await localize(runOf([failing]), [failureOf(failing)], options);
    assert.equal(all.length, 5);
    const two = await localize(runOf([failing]), [failureOf(failing)], { ...options, maxSuspects: 2 });
    assert.deepEqual(two, all.slice(0, 2));
  });
});
