// The extension's side of talking to the sidecar, without an editor: what a failed request
// means for the user, when a crashed sidecar is restarted, how progress reads.
import * as assert from 'node:assert/strict';
// The server package carries the same JSON-RPC classes as the client's, without needing an editor.
import { ErrorCodes as JsonRpcErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { UserError } from '../../src/core/errors';
import { progressText } from '../../src/extension/logic/progress-text';
import { RestartPolicy } from '../../src/extension/logic/restart-policy';
import { classifyRunError } from '../../src/extension/logic/run-errors';
import { ErrorCodes } from '../../src/sidecar/protocol';

describe('extension sidecar client', () => {
  const rpc = { ResponseError, ErrorCodes: JsonRpcErrorCodes };

  it('classifies failed requests: canceled, bad input, sidecar gone, internal', () => {
    assert.deepEqual(classifyRunError(new ResponseError(ErrorCodes.canceled, 'Canceled', { kind: 'canceled' }), rpc), { kind: 'canceled' });
    assert.deepEqual(
      classifyRunError(new ResponseError(ErrorCodes.user, 'pytest collected no tests in /w', { kind: 'user', code: 'no-tests' }), rpc),
      { kind: 'user', message: 'pytest collected no tests in /w' },
    );
    for (const code of [JsonRpcErrorCodes.PendingResponseRejected, JsonRpcErrorCodes.ConnectionInactive]) {
      assert.equal(
        classifyRunError(new ResponseError(code, 'Pending response rejected since connection got disposed'), rpc).kind,
        'sidecar-stopped',
      );
    }
    const internal = classifyRunError(new ResponseError(ErrorCodes.internal, 'boom', { kind: 'internal' }), rpc);
    assert.deepEqual(internal, { kind: 'internal', message: 'DeepDebug failed: boom (details in Output › DeepDebug)' });
    assert.equal(classifyRunError(Object.assign(new Error('Canceled'), { name: 'Canceled' }), rpc).kind, 'canceled');
    // The client library never loaded (the sidecar did not start): nothing came back over JSON-RPC.
    assert.equal(classifyRunError(new Error('spawn ENOENT'), undefined).kind, 'internal');
    // Raised by the extension itself before any request (a test message's traceback located with a missing interpreter).
    assert.deepEqual(classifyRunError(new UserError('no-python', 'cannot run the Python interpreter "py" (ENOENT)'), undefined), {
      kind: 'user',
      message: 'cannot run the Python interpreter "py" (ENOENT)',
    });
  });

  it('restarts a crashed sidecar at most 3 times in 3 minutes', () => {
    let now = 0;
    const policy = new RestartPolicy(3, 180_000, () => now);
    assert.deepEqual([policy.crashed(), policy.crashed(), policy.crashed(), policy.crashed()], [true, true, true, false]);
    now = 180_001; // the old crashes age out of the window
    assert.equal(policy.crashed(), true);
    policy.reset();
    assert.deepEqual([policy.crashed(), policy.crashed(), policy.crashed()], [true, true, true]);
  });

  it("words progress with the stage, without repeating the engine's own words", () => {
    assert.equal(
      progressText({ stage: 'validating', message: 'validating 3/12 (1 validated)', done: 3, total: 12 }),
      'Validating 3/12 (1 validated)',
    );
    assert.equal(progressText({ stage: 'validating', message: 'candidate 3', done: 3, total: 12 }), 'Validating 3/12: candidate 3');
    assert.equal(progressText({ stage: 'running-tests', message: 'running tests' }), 'Running tests');
    assert.equal(
      progressText({ stage: 'localizing', message: '2 failing of 4; localizing' }),
      'Localizing the fault: 2 failing of 4; localizing',
    );
    assert.equal(progressText({ stage: 'generating', message: '' }), 'Generating candidate fixes');
  });
});
