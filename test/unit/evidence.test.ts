// The evidence against a suspect in words, from a failure as the plugin reports it (frames
// with their locals) and the suspect's evidence as localization records it.
import * as assert from 'node:assert/strict';
import { evidenceLines, localsText, shownSuspects } from '../../src/core/review/evidence';
import type { Failure, Suspect } from '../../src/core/types';

const failure: Failure = {
  nodeid: 'tests/test_orders.py::test_total',
  kind: 'test',
  exception: 'ValueError',
  message: 'quantity must be positive',
  longrepr: '',
  frames: [
    { file: 'tests/test_orders.py', line: 9, function: 'test_total', inWorkspace: true, locals: {} },
    { file: 'shop/orders.py', line: 14, function: 'total', inWorkspace: true, locals: { order: "{'id': 7}", lines: '[]' } },
    { file: 'shop/orders.py', line: 30, function: 'check', inWorkspace: true, locals: { quantity: '0' } },
  ],
};

function suspect(evidence: Suspect['evidence'], file = 'shop/orders.py'): Suspect {
  return {
    file,
    function: 'total',
    startLine: 10,
    endLine: 16,
    score: 1.2,
    reasons: ['frame 1 of 3 (innermost, called the function that raised)'],
    lines: [],
    ...(evidence ? { evidence } : {}),
  };
}

describe('evidenceLines', () => {
  it('words each frame, with the values it held, and the line spectrum', () => {
    const lines = evidenceLines(
      suspect({
        frames: [{ nodeid: failure.nodeid, line: 14, position: 2, of: 3, note: 'called the function that raised' }],
        spectrum: { line: 13, failing: 2, failingTotal: 3, passing: 0, passingTotal: 9 },
      }),
      [failure],
    );
    assert.deepEqual(lines, [
      "line 14 is on the way to test_total's failure (ValueError: quantity must be positive): frame 2 of 3, counted from where it failed; it called the function that raised on purpose",
      "  values there: order = {'id': 7}, lines = []",
      'line 13 was run by 2 of the 3 failing tests and by none of the 9 passing ones',
    ]);
  });

  it('says where the innermost frame raised on purpose, counts frames past three, and words a run where nothing passed', () => {
    const frame = { nodeid: failure.nodeid, line: 30, position: 1, of: 3, note: 'raised explicitly' as const };
    const lines = evidenceLines(
      suspect({
        frames: [frame, frame, frame, frame, frame],
        spectrum: { line: 30, failing: 1, failingTotal: 1, passing: 0, passingTotal: 0 },
      }),
      [failure],
    );
    assert.equal(
      lines[0],
      "line 30 is where test_total failed (ValueError: quantity must be positive), the innermost of 3 frames in the project's code; it raises on purpose there (an assert or raise), so what it was given is suspected first",
    );
    assert.equal(lines[1], '  values there: quantity = 0');
    assert.equal(lines.at(-2), 'and 2 more frames of failing tests pass through it');
    assert.equal(lines.at(-1), 'line 30 was run by the failing test (no test passed)');
  });

  it('falls back to the raw reasons where a suspect has no evidence recorded', () => {
    assert.deepEqual(evidenceLines(suspect(undefined), [failure]), ['frame 1 of 3 (innermost, called the function that raised)']);
  });
});

describe('localsText', () => {
  it('bounds the number of locals and the length of each value', () => {
    const locals = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`v${i}`, i === 0 ? 'x'.repeat(100) : String(i)]));
    const text = localsText(locals);
    assert.ok(text.startsWith(`v0 = ${'x'.repeat(59)}…, v1 = 1`), text);
    assert.ok(text.endsWith('v7 = 7, and 2 more'), text);
  });
});

describe('shownSuspects', () => {
  const code = suspect(undefined);
  const test = suspect(undefined, 'tests/test_orders.py');
  it('leaves test functions out unless edits to tests are allowed or nothing else was found', () => {
    assert.deepEqual(shownSuspects([code, test], [failure], false), [code]);
    assert.deepEqual(shownSuspects([code, test], [failure], true), [code, test]);
    assert.deepEqual(shownSuspects([test], [failure], false), [test]);
  });
});
