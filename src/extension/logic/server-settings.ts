// The user's model server from the editor's `deepdebug.modelServer.*` settings: the same
// ModelServerSettings the CLI's flags give (core/server modelServerSettings fills the defaults).
// The key is never a setting: the user names an environment variable and the extension host's
// environment holds it. Plain logic (no vscode import); config.ts reads the settings.
import { UserError } from '../../core/errors';
import { modelServerSettings, SERVER_DEFAULTS } from '../../core/server/address';
import type { ModelServerSettings } from '../../core/types';

/** The settings as the user wrote them (`url` empty: no model server). */
export interface ServerSettingValues {
  url: string;
  api: string;
  model: string;
  samples: unknown;
  timeoutSeconds: unknown;
  apiKeyEnvironmentVariable: string;
  allowRemote: boolean;
}

const APIS: readonly ModelServerSettings['api'][] = ['auto', 'openai', 'ollama'];

/**
 * The engine's model server settings, or undefined when no URL is set. A key variable that is not
 * set is a UserError: asking without the key would fail each request one by one. The URL itself
 * is checked by the engine before its run starts (core/server serverBase), in the same words.
 */
export function modelServerOf(values: ServerSettingValues, env: NodeJS.ProcessEnv): ModelServerSettings | undefined {
  const url = values.url.trim();
  if (url === '') return undefined;
  const keyVariable = values.apiKeyEnvironmentVariable.trim();
  const apiKey = keyVariable === '' ? undefined : env[keyVariable];
  if (keyVariable !== '' && !apiKey)
    throw new UserError(
      'bad-model-server',
      `deepdebug.modelServer.apiKeyEnvironmentVariable names ${keyVariable}, which is not set in VS Code's environment`,
    );
  return modelServerSettings({
    url,
    api: APIS.find((api) => api === values.api) ?? SERVER_DEFAULTS.api,
    model: values.model.trim(),
    samples: Math.floor(atLeastOne(values.samples, SERVER_DEFAULTS.samples)),
    timeoutSeconds: atLeastOne(values.timeoutSeconds, SERVER_DEFAULTS.timeoutSeconds),
    ...(apiKey ? { apiKey } : {}),
    allowRemote: values.allowRemote,
  });
}

/** settings.json is not held to the schema: a hand-written 0 still asks once, a word gets the default. */
function atLeastOne(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(1, value) : fallback;
}
