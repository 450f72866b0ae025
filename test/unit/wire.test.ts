import * as assert from 'node:assert/strict';
import { LOCATE_VERSION, readLocateReply, readWorkerMessage, WireError, WORKER_PROTOCOL_VERSION } from '../../src/core/wire';

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
        error.message ===
          `the validation worker's protocol has version ${WORKER_PROTOCOL_VERSION + 1}, this build reads version ${WORKER_PROTOCOL_VERSION} (the Python helpers come from another build)`,
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

describe("readLocateReply (deepdebug.locate's answer on traceback text's files)", () => {
  const reply = {
    version: LOCATE_VERSION,
    files: [
      { file: 'app.py', inWorkspace: true },
      { file: '/usr/lib/python3.11/json/decoder.py', inWorkspace: false },
    ],
  };

  it('reads an answer with one located file per file asked about', () => {
    assert.deepEqual(readLocateReply(JSON.stringify(reply), 2), reply);
  });

  it('refuses a helper of another version with one clear error, an answer for other files, a malformed answer and no answer', () => {
    assert.throws(
      () => readLocateReply(JSON.stringify({ version: LOCATE_VERSION + 1, located: [] }), 2),
      (error: unknown) =>
        error instanceof WireError &&
        /has version 2, this build reads version 1 \(the Python helpers come from another build\)/.test(error.message),
    );
    assert.throws(() => readLocateReply(JSON.stringify(reply), 3), /answered for 2 files, not the 3 asked about/);
    for (const malformed of [
      { ...reply, files: [{ file: 'app.py', inWorkspace: 'yes' }] },
      { ...reply, files: [{ file: 'app.py', inWorkspace: true, internal: false }] },
      { files: reply.files },
    ]) {
      assert.throws(() => readLocateReply(JSON.stringify(malformed), 1), WireError, JSON.stringify(malformed));
    }
    assert.throws(() => readLocateReply('', 1), /did not answer with JSON/);
  });
});
