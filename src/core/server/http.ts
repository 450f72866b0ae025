import { CanceledError, describeError, throwIfAborted } from '../errors';

// JSON over HTTP to the model server, bounded: one limit of time per request, one of size per
// answer (a server that streams forever, or answers with megabytes, costs nothing more). Every
// way a request can fail comes back as a short reason the stats count, never as a throw; only
// the run's own cancel propagates.

/** The answer of a request, or why there is none ("timeout", "HTTP 429", "not reachable (...)"). */
export type Reply = { ok: true; body: unknown } | { ok: false; why: string };

/** Longest answer read: a whole function and some words around it fit many times over. */
const MAX_ANSWER_BYTES = 256 * 1024;

export interface RequestOptions {
  timeoutMs: number;
  /** The run's cancel: it propagates, as a CanceledError. */
  signal: AbortSignal;
  apiKey?: string;
}

export async function getJson(url: string, options: RequestOptions): Promise<Reply> {
  return request(url, { method: 'GET' }, options);
}

export async function postJson(url: string, body: unknown, options: RequestOptions): Promise<Reply> {
  return request(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }, options);
}

async function request(url: string, init: RequestInit, options: RequestOptions): Promise<Reply> {
  throwIfAborted(options.signal);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout]);
  const headers = { ...(init.headers as Record<string, string>), ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) };
  const failed = (otherwise: string): Reply => {
    if (options.signal.aborted) throw new CanceledError();
    return { ok: false, why: timeout.aborted ? 'timeout' : otherwise };
  };
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers, signal });
  } catch (error) {
    return failed(`not reachable (${causeOf(error)})`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, why: `HTTP ${response.status}` };
  }
  let text: string | null;
  try {
    text = await boundedText(response);
  } catch {
    // The server answered and the connection broke mid-answer: the server is there, this answer is lost.
    return failed('answer cut off');
  }
  if (text === null) return { ok: false, why: 'answer too large' };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false, why: 'answer is not JSON' };
  }
}

/** The body as text, or null past MAX_ANSWER_BYTES (the rest is not read). */
async function boundedText(response: Response): Promise<string | null> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** fetch's "fetch failed" hides the reason in its cause: "connection refused", "ECONNRESET"... */
function causeOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused';
  if (cause?.code === 'ENOTFOUND') return 'no such host';
  return cause?.code ?? describeError(error);
}
