import { UserError } from '../errors';
import type { ModelServerSettings } from '../types';

// Where the user's code may go: the model server's URL, checked before any request. A server
// on this machine sees nothing that leaves it; any other host gets the failing function, its
// file's outline and the failing tests, so it is refused unless the user allowed it.

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);

/**
 * The server's base URL (no trailing slash, no "/v1": the client adds each API's own paths),
 * or one clear error: not an http(s) URL, or off this machine without `allowRemote`.
 */
export function serverBase(url: string, allowRemote: boolean): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UserError('bad-model-server', `model server URL is not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UserError('bad-model-server', `model server URL must start with http:// or https://: ${url}`);
  const local = LOCAL_HOSTS.has(parsed.hostname) || /^127\.\d+\.\d+\.\d+$/.test(parsed.hostname);
  if (!local && !allowRemote)
    throw new UserError(
      'bad-model-server',
      `model server ${parsed.host} is not on this machine: your code would be sent to it; allow remote model servers to use it (deepdebug.modelServer.allowRemote, --allow-remote-server)`,
    );
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '').replace(/\/v1$/, '')}`;
}

/** Answers asked per suspect, and each request's limit, where the user set none. */
export const SERVER_DEFAULTS = { api: 'auto', samples: 3, timeoutSeconds: 60 } as const;

/** The settings with the defaults filled in: the CLI's flags and the editor's settings give the same run. */
export function modelServerSettings(given: {
  url: string;
  api?: ModelServerSettings['api'];
  model?: string;
  samples?: number;
  timeoutSeconds?: number;
  apiKey?: string;
  allowRemote?: boolean;
}): ModelServerSettings {
  return {
    url: given.url,
    api: given.api ?? SERVER_DEFAULTS.api,
    ...(given.model ? { model: given.model } : {}),
    samples: given.samples ?? SERVER_DEFAULTS.samples,
    timeoutMs: (given.timeoutSeconds ?? SERVER_DEFAULTS.timeoutSeconds) * 1000,
    ...(given.apiKey ? { apiKey: given.apiKey } : {}),
    allowRemote: given.allowRemote ?? false,
  };
}
