// The background start: which failing tests of the user's own pytest run (read from pytest's
// lastfailed cache) start a fix by themselves, and when nothing starts.
import * as assert from 'node:assert/strict';
import { backgroundTests, parseLastFailed, type BackgroundQuestion } from '../../src/extension/logic/background-start';

const workspace = '/tmp/ws';

function question(extra: Partial<BackgroundQuestion>): BackgroundQuestion {
  return {
    workspace,
    failing: ['tests/test_cart.py::test_total', 'tests/test_cart.py::test_empty[0-1]'],
    covered: [],
    inFlight: undefined,
    fileExists: () => true,
    ...extra,
  };
}

describe('background start', () => {
  it('reads the failing node ids from lastfailed; none from an empty, absent or broken file', () => {
    assert.deepEqual(parseLastFailed('{\n  "tests/test_a.py::test_x": true,\n  "tests/test_b.py": true\n}'), [
      'tests/test_a.py::test_x',
      'tests/test_b.py',
    ]);
    assert.deepEqual(parseLastFailed('{}'), []);
    assert.deepEqual(parseLastFailed(undefined), []);
    assert.deepEqual(parseLastFailed('{"tests/test_a.py::test_x": tr'), [], 'a file caught half-written');
    assert.deepEqual(parseLastFailed('["tests/test_a.py::test_x"]'), []);
    assert.deepEqual(parseLastFailed('{"tests/test_a.py::test_x": false}'), []);
  });

  it('starts on the failing tests the last DeepDebug run did not cover', () => {
    assert.deepEqual(backgroundTests(question({})), ['tests/test_cart.py::test_total', 'tests/test_cart.py::test_empty[0-1]']);
    assert.deepEqual(
      backgroundTests(question({ covered: ['tests/test_cart.py::test_total'] })),
      ['tests/test_cart.py::test_total', 'tests/test_cart.py::test_empty[0-1]'],
      'one new failure: the fix runs on all of them',
    );
    assert.deepEqual(
      backgroundTests(question({ covered: ['tests/test_cart.py::test_total', 'tests/test_cart.py::test_empty[0-1]', 'x.py::y'] })),
      [],
      'nothing new since the last run',
    );
    assert.deepEqual(backgroundTests(question({ failing: [] })), [], 'no failing test');
  });

  it('drops node ids whose file is gone', () => {
    const exists = (file: string) => file === 'tests/test_cart.py';
    const failing = ['tests/test_cart.py::test_total', 'tests/test_gone.py::test_old'];
    assert.deepEqual(backgroundTests(question({ failing, fileExists: exists })), ['tests/test_cart.py::test_total']);
    assert.deepEqual(backgroundTests(question({ failing: ['tests/test_gone.py::test_old'], fileExists: exists })), []);
  });

  it('never starts over a run the user started, nor while DeepDebug runs in the same folder', () => {
    assert.deepEqual(backgroundTests(question({ inFlight: { workspace: '/tmp/other', background: false } })), []);
    assert.deepEqual(backgroundTests(question({ inFlight: { workspace, background: true } })), [], 'its own run');
    assert.deepEqual(backgroundTests(question({ inFlight: { workspace, background: false } })), []);
    assert.equal(
      backgroundTests(question({ inFlight: { workspace: '/tmp/other', background: true } })).length,
      2,
      'a background run elsewhere gives way to the newer one',
    );
  });
});
