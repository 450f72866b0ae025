import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

// A model server on loopback that speaks what local servers speak (Ollama's API, the
// OpenAI-compatible one, or both), listing `models` and answering each chat request as the
// test scripts it: a text, an HTTP status, a slow answer, a body that never ends. It keeps the
// requests it got, so a test can read the prompt the engine sent.

export type ScriptedAnswer =
  | { text: string; delayMs?: number }
  | { status: number }
  /** Writes the start of an answer and never ends it. */
  | { endless: true }
  /** Writes the start of an answer and breaks the connection. */
  | { cut: true }
  /** Answers with megabytes of text. */
  | { huge: true };

export interface ChatRequest {
  api: 'openai' | 'ollama';
  model: string;
  messages: { role: string; content: string }[];
  temperature: number;
}

export interface ScriptedServer {
  url: string;
  chats: ChatRequest[];
  close(): Promise<void>;
}

export async function startModelServer(options: {
  api: 'openai' | 'ollama' | 'both';
  models: string[];
  answer: (request: ChatRequest, index: number) => ScriptedAnswer;
}): Promise<ScriptedServer> {
  const chats: ChatRequest[] = [];
  const speaks = (api: 'openai' | 'ollama') => options.api === 'both' || options.api === api;
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'GET' && req.url === '/api/tags' && speaks('ollama'))
        return json(200, { models: options.models.map((name) => ({ name, model: name })) });
      if (req.method === 'GET' && req.url === '/v1/models' && speaks('openai'))
        return json(200, { object: 'list', data: options.models.map((id) => ({ id, object: 'model' })) });
      const api =
        req.url === '/api/chat' && speaks('ollama') ? 'ollama' : req.url === '/v1/chat/completions' && speaks('openai') ? 'openai' : null;
      if (req.method !== 'POST' || api === null) return json(404, { error: 'not found' });
      const asked = JSON.parse(body) as {
        model: string;
        messages: ChatRequest['messages'];
        temperature?: number;
        options?: { temperature?: number };
      };
      const request: ChatRequest = {
        api,
        model: asked.model,
        messages: asked.messages,
        temperature: (api === 'ollama' ? asked.options?.temperature : asked.temperature) ?? 1,
      };
      chats.push(request);
      const answer = options.answer(request, chats.length - 1);
      if ('status' in answer) return json(answer.status, { error: `scripted ${answer.status}` });
      if ('cut' in answer) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"message": {"role": "assistant", "content": "def ');
        setTimeout(() => res.destroy(), 20);
        return;
      }
      if ('endless' in answer) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"message": {"role": "assistant", "content": "');
        const more = setInterval(() => res.write('def '), 50);
        res.on('close', () => clearInterval(more));
        return;
      }
      const text = 'huge' in answer ? 'x'.repeat(4 * 1024 * 1024) : answer.text;
      const reply =
        api === 'ollama'
          ? { model: asked.model, message: { role: 'assistant', content: text }, done: true }
          : {
              object: 'chat.completion',
              model: asked.model,
              choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
            };
      const delayMs = 'delayMs' in answer ? (answer.delayMs ?? 0) : 0;
      setTimeout(() => json(200, reply), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    chats,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An answer as a chat model writes one: a sentence, the function in a fenced block, a remark. */
export function fencedAnswer(code: string): string {
  return `The function misses a case. Here is the corrected version:\n\n\`\`\`python\n${code.trimEnd()}\n\`\`\`\n\nThis handles heavier parcels.`;
}

/** The fix of test/fixtures/server-missing-case (shipping_cost lacks the freight price over 10 kg), as a model would write it. */
export const MISSING_CASE_FIX = `def shipping_cost(weight_kg):
    """5 up to 1 kg, 9 up to 10 kg; heavier parcels go by freight, 20 each."""
    if weight_kg <= 1:
        return 5
    if weight_kg <= 10:
        return 9
    return 20
`;
