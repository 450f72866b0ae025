import * as assert from 'node:assert/strict';
import { readWorkerMessage, WireError, WORKER_PROTOCOL_VERSION } from '../../src/core/wire';

describe("readWorkerMessage (the worker's replies)", () => {
  const ready = { op: 'ready', version: WORKER_PROTOCOL_VERSION, pid: 12, collected: ['t.py::a'], missing: [] };
  const result = { op: 'result', id: 1, status: 'done', applied: 'swap', results: [], detail: '', durationMs: 3.5 };

  it('reads a ready message and a result', () => {
    assert.deepEqual(readWorkerMessage(JSON.stringify(ready)), ready);
    assert.deepEqual(readWorkerMessage(JSON.stringify(result)), result);
  });

  it('refuses a worker of another protocol version with one clear error, whatever else its ready message holds', () => {
    assert.throws(
      () => readWorkerMessage(JSON.stringify({ op: 'ready', version: WORKER_PROTOCOL_VERSION + 1, workerPid: 12 })),
      (error: unknown) =>
        error instanceof WireError &&
        error.message === `the validation worker's protocol has version ${WORKER_PROTOCOL_VERSION + 1}, this build reads version ${WORKER_PROTOCOL_VERSION} (the Python helpers come from another build)`,
    );
  });

  it('refuses a reply with a field missing, renamed, unknown or of another kind, and a line that is not JSON', () => {
    const { applied: _applied, ...withoutApplied } = result;
    for (const reply of [
      { ...result, durationMs: undefined },
      { ...withoutApplied, appliedAs: 'swap' },
      { ...result, status: 'finished' },
      { ...result, results: [{ nodeid: 't.py::a', outcome: 'passed', phase: 'call', message: '', durationMs: '1' }] },
    ]) {
      assert.throws(() => readWorkerMessage(JSON.stringify(reply)), WireError, JSON.stringify(reply));
    }
    assert.throws(() => readWorkerMessage('{"op": "res'), /not JSON/);
  });
});
