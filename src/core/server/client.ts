import type { ModelServerSettings } from '../types';
import { getJson, postJson, type RequestOptions } from './http';

// The two APIs local model servers speak: the OpenAI-compatible one (llama.cpp's server, LM
// Studio, vLLM, Ollama too) and Ollama's own. Which one, and which model, is asked of the server
// once per run; then each request is one chat turn, not streamed (the answer is read whole,
// within the request's limits).

export type ServerApi = 'openai' | 'ollama';

export interface Connection {
  base: string;
  api: ServerApi;
  model: string;
  /** "qwen2.5-coder:7b via Ollama": how a patch names where it came from. */
  label: string;
  timeoutMs: number;
  apiKey?: string;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Longest answer asked for, in tokens: a corrected function with room to spare. */
const MAX_ANSWER_TOKENS = 2048;
/** Listing the models is quick on any server; a server that takes longer is taken as not there. */
const LIST_TIMEOUT_MS = 3_000;

/** Names of models trained for code, preferred when the user named none. */
const CODE_MODEL = /cod(e|er)|starcoder|deepseek|qwen.*coder|wizardcoder|phind|granite-code/i;

/** The API and model to ask, or why the server cannot be asked ("not reachable (connection refused)", "lists no model"). */
export async function connect(base: string, settings: ModelServerSettings, signal: AbortSignal): Promise<Connection | { why: string }> {
  const options: RequestOptions = { timeoutMs: Math.min(LIST_TIMEOUT_MS, settings.timeoutMs), signal, ...keyOf(settings) };
  let api: ServerApi | undefined = settings.api === 'auto' ? undefined : settings.api;
  let names: string[] | undefined;
  let why = 'lists no model';
  for (const tried of api ? [api] : (['ollama', 'openai'] as const)) {
    const reply = await getJson(tried === 'ollama' ? `${base}/api/tags` : `${base}/v1/models`, options);
    if (!reply.ok) {
      why = reply.why;
      // Nothing listens there: asking the other API's path would only fail the same way.
      if (reply.why.startsWith('not reachable') || reply.why === 'timeout') break;
      continue;
    }
    const listed = modelNames(tried, reply.body);
    if (listed === null) continue;
    api = tried;
    names = listed;
    break;
  }
  if (!api || !names) return { why };
  const model = settings.model ?? names.find((name) => CODE_MODEL.test(name)) ?? names[0];
  if (model === undefined) return { why: 'lists no model' };
  return {
    base,
    api,
    model,
    label: `${model} via ${api === 'ollama' ? 'Ollama' : new URL(base).host}`,
    timeoutMs: settings.timeoutMs,
    ...keyOf(settings),
  };
}

/** The assistant's answer to `messages`, or why there is none. */
export async function chat(
  connection: Connection,
  messages: ChatMessage[],
  temperature: number,
  signal: AbortSignal,
): Promise<{ text: string } | { why: string }> {
  const options: RequestOptions = { timeoutMs: connection.timeoutMs, signal, ...keyOf(connection) };
  const reply =
    connection.api === 'ollama'
      ? await postJson(
          `${connection.base}/api/chat`,
          { model: connection.model, messages, stream: false, options: { temperature, num_predict: MAX_ANSWER_TOKENS } },
          options,
        )
      : await postJson(
          `${connection.base}/v1/chat/completions`,
          { model: connection.model, messages, temperature, max_tokens: MAX_ANSWER_TOKENS, stream: false },
          options,
        );
  if (!reply.ok) return { why: reply.why };
  const text = connection.api === 'ollama' ? ollamaText(reply.body) : openaiText(reply.body);
  return typeof text === 'string' ? { text } : { why: 'answer of another form' };
}

function keyOf(settings: { apiKey?: string }): { apiKey?: string } {
  return settings.apiKey ? { apiKey: settings.apiKey } : {};
}

/** The model names of a listing, or null where the body is not that API's listing. */
function modelNames(api: ServerApi, body: unknown): string[] | null {
  const list = api === 'ollama' ? field(body, 'models') : field(body, 'data');
  if (!Array.isArray(list)) return null;
  return list.flatMap((entry) => {
    const name = field(entry, api === 'ollama' ? 'name' : 'id');
    return typeof name === 'string' ? [name] : [];
  });
}

function ollamaText(body: unknown): unknown {
  return field(field(body, 'message'), 'content');
}

function openaiText(body: unknown): unknown {
  const choices = field(body, 'choices');
  return Array.isArray(choices) ? field(field(choices[0], 'message'), 'content') : undefined;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}
