import * as assert from 'node:assert/strict';
import { modelServerSettings, serverBase } from '../../src/core/server';
import { UserError } from '../../src/core/errors';

// Where the user's code may go: a model server on this machine, or elsewhere only when allowed.

/** The one-line message of the bad-model-server error `read` throws. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    assert.ok(error instanceof UserError && error.code === 'bad-model-server', String(error));
    assert.doesNotMatch(error.message, /\n/);
    return error.message;
  }
  assert.fail('expected a refusal');
}

describe('the model server address', () => {
  it('takes a server on this machine, with or without /v1 and a trailing slash', () => {
    assert.equal(serverBase('http://localhost:11434', false), 'http://localhost:11434');
    assert.equal(serverBase('http://127.0.0.1:8080/v1/', false), 'http://127.0.0.1:8080');
    assert.equal(serverBase('http://[::1]:1234/v1', false), 'http://[::1]:1234');
    assert.equal(serverBase('https://models.example.com/api/', true), 'https://models.example.com/api');
  });

  it('refuses a server elsewhere unless allowed, and what is not an http URL, each in one sentence', () => {
    assert.match(
      refusal(() => serverBase('http://192.168.1.20:11434', false)),
      /not on this machine: your code would be sent to it/,
    );
    assert.match(
      refusal(() => serverBase('localhost:11434', false)),
      /must start with http:\/\/ or https:\/\//,
    );
    assert.match(
      refusal(() => serverBase('not a url', false)),
      /is not a URL/,
    );
  });

  it('fills the defaults the CLI and the editor share', () => {
    assert.deepEqual(modelServerSettings({ url: 'http://localhost:11434' }), {
      url: 'http://localhost:11434',
      api: 'auto',
      samples: 3,
      timeoutMs: 60_000,
      allowRemote: false,
    });
  });
});
