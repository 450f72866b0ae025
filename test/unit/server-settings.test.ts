// The editor's deepdebug.modelServer.* settings made into the engine's model server settings:
// off without a URL, the CLI's defaults, the key read from the variable the user named.
import * as assert from 'node:assert/strict';
import { parseArgs, type RunCommand } from '../../src/cli/args';
import { UserError } from '../../src/core/errors';
import { modelServerOf, type ServerSettingValues } from '../../src/extension/logic/server-settings';

/** The settings as package.json's defaults give them. */
const DEFAULTS: ServerSettingValues = {
  url: '',
  api: 'auto',
  model: '',
  samples: 3,
  timeoutSeconds: 60,
  apiKeyEnvironmentVariable: '',
  allowRemote: false,
};

const settings = (changed: Partial<ServerSettingValues>): ServerSettingValues => ({ ...DEFAULTS, ...changed });

describe('model server settings', () => {
  it('is off while the URL is empty or blank', () => {
    assert.equal(modelServerOf(DEFAULTS, {}), undefined);
    assert.equal(modelServerOf(settings({ url: '   ', model: 'qwen2.5-coder:7b' }), {}), undefined);
  });

  it("gives the run the CLI's flags give", () => {
    const env = { DEEPDEBUG_TEST_KEY: 'secret' };
    const cli = (args: string[]) =>
      (parseArgs(['fix', 'ws', '--model-server', 'http://127.0.0.1:11434', ...args], env) as RunCommand).engine;
    assert.deepEqual(modelServerOf(settings({ url: 'http://127.0.0.1:11434' }), env), cli([]).modelServer);
    assert.deepEqual(
      modelServerOf(
        settings({
          url: ' http://127.0.0.1:11434 ',
          api: 'ollama',
          model: ' qwen2.5-coder:7b ',
          samples: 5,
          timeoutSeconds: 20,
          apiKeyEnvironmentVariable: 'DEEPDEBUG_TEST_KEY',
          allowRemote: true,
        }),
        env,
      ),
      cli([
        '--server-api',
        'ollama',
        '--server-model',
        'qwen2.5-coder:7b',
        '--server-samples',
        '5',
        '--server-timeout',
        '20',
        '--server-key-env',
        'DEEPDEBUG_TEST_KEY',
        '--allow-remote-server',
      ]).modelServer,
    );
  });

  it('reads the key from the environment variable it names, and says so when that is not set', () => {
    const named = settings({ url: 'http://localhost:8080', apiKeyEnvironmentVariable: 'LLM_KEY' });
    assert.equal(modelServerOf(named, { LLM_KEY: 'k-123' })?.apiKey, 'k-123');
    assert.equal(modelServerOf(settings({ url: 'http://localhost:8080' }), { LLM_KEY: 'k-123' })?.apiKey, undefined, 'no name, no key');
    for (const env of [{}, { LLM_KEY: '' }]) {
      assert.throws(
        () => modelServerOf(named, env),
        (error: unknown) =>
          error instanceof UserError &&
          error.code === 'bad-model-server' &&
          error.message === "deepdebug.modelServer.apiKeyEnvironmentVariable names LLM_KEY, which is not set in VS Code's environment",
      );
    }
  });

  it('takes hand-written values the schema would refuse as the nearest sensible ones', () => {
    const server = modelServerOf(settings({ url: 'http://localhost:1234', api: 'grpc', samples: 0, timeoutSeconds: 'soon' }), {});
    assert.equal(server?.api, 'auto');
    assert.equal(server?.samples, 1);
    assert.equal(server?.timeoutMs, 60_000);
    assert.equal(modelServerOf(settings({ url: 'http://localhost:1234', samples: 2.7, timeoutSeconds: 0.5 }), {})?.samples, 2);
    assert.equal(modelServerOf(settings({ url: 'http://localhost:1234', timeoutSeconds: 0.5 }), {})?.timeoutMs, 1000);
  });
});
