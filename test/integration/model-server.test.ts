import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FixReport } from '../../src/core/types';
import { caseFolders, deepdebug, messages, type CliRun } from '../helpers/cli';
import { fencedAnswer, MISSING_CASE_FIX, startModelServer, type ScriptedAnswer, type ScriptedServer } from '../helpers/model-server';
import { passesPlainPytest } from '../helpers/fix-run';

// The user's model server as a source of fixes, over real HTTP on loopback: a scripted server
// speaking Ollama's API or the OpenAI-compatible one. The fixture's bug is a missing case no
// edit family writes (a third price for heavy parcels): only the server's answer fixes it, and
// it is validated, re-checked and ranked like any patch. A server that is not there or answers
// badly costs its answers only: the run goes on and says why in one line.

describe("fixes from the user's model server", function () {
  this.timeout(120_000);
  this.slow(30_000);
  const { tmp, workspaceOf } = caseFolders('deepdebug-server-');
  const servers: ScriptedServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  const serve = async (
    api: 'openai' | 'ollama' | 'both',
    answer: (index: number) => ScriptedAnswer,
    models = ['llama3:8b', 'qwen2.5-coder:7b'],
  ) => {
    const server = await startModelServer({ api, models, answer: (_, index) => answer(index) });
    servers.push(server);
    return server;
  };

  async function fixWith(url: string, extra: string[] = []): Promise<{ run: CliRun; report: FixReport; workspace: string }> {
    const workspace = workspaceOf('server-missing-case');
    const json = path.join(tmp(), 'report.json');
    const run = await deepdebug(['fix', workspace, '--no-model', '--time-budget', '40', '--json', json, '--model-server', url, ...extra], {
      tmp: tmp(),
    });
    return { run, report: JSON.parse(fs.readFileSync(json, 'utf8')) as FixReport, workspace };
  }

  for (const api of ['ollama', 'openai'] as const) {
    it(`shows the server's fix first, named by its model, over ${api === 'ollama' ? "Ollama's API" : 'the OpenAI-compatible API'} (found by asking)`, async () => {
      const server = await serve(api, () => ({ text: fencedAnswer(MISSING_CASE_FIX) }));
      const { run, report } = await fixWith(server.url);
      assert.ok(run.status === 0 || run.status === 4, run.stderr);
      const [top] = report.patches;
      assert.ok(top, run.stdout);
      assert.equal(top.source, 'server');
      assert.equal(
        top.from,
        `qwen2.5-coder:7b via ${api === 'ollama' ? 'Ollama' : new URL(server.url).host}`,
        'the code model among those listed',
      );
      assert.match(top.diff, /^\+    return 20$/m);
      // Its new comparison's 10 is what the docstring states, not a test's value: no shape objection.
      assert.equal(top.shape, undefined, JSON.stringify(top.shape));
      assert.ok(passesPlainPytest('server-missing-case', 'parcels.py', top.newFileText), 'the fix passes plain pytest');
      assert.match(run.stdout, /from qwen2\.5-coder:7b via /);
      // Asked as the DeepDebug input: the function in its file's outline, the failing test, the failure with its locals.
      const [first] = server.chats;
      assert.ok(first);
      assert.equal(first.api, api);
      assert.equal(first.temperature, 0, 'the first answer is the most likely one');
      const prompt = first.messages.map((m) => m.content).join('\n');
      assert.match(prompt, /# target edit\n\s*def shipping_cost\(weight_kg\):/);
      assert.match(prompt, /def test_freight\(\):\n    parcel = 25/);
      assert.match(prompt, /locals: parcel=25/);
      const asked = report.stats.search?.server;
      assert.equal(asked?.api, api);
      assert.equal(asked?.candidates, 1, 'three answers alike are one candidate');
      assert.equal(asked?.failures['same as an earlier answer'], 2);
    });
  }

  it('sends an answer that fixed the failing test but broke others back with what the tests said, and shows the next one', async () => {
    const broad = 'def shipping_cost(weight_kg):\n    if weight_kg <= 1:\n        return 5\n    return 20\n';
    const server = await startModelServer({
      api: 'ollama',
      models: ['qwen2.5-coder:7b'],
      answer: (request) => ({ text: fencedAnswer(request.messages.length > 2 ? MISSING_CASE_FIX : broad) }),
    });
    servers.push(server);
    const { run, report } = await fixWith(server.url, ['--server-samples', '1']);
    assert.ok(run.status === 0 || run.status === 4, run.stderr);
    assert.equal(report.patches[0]?.source, 'server', run.stdout);
    assert.match(report.patches[0]!.diff, /^\+    if weight_kg <= 10:$/m);
    const [, again] = server.chats;
    assert.ok(again, 'a second request');
    const [system, question, answer, feedback] = again.messages;
    assert.deepEqual([system?.role, question?.role, answer?.role, feedback?.role], ['system', 'user', 'assistant', 'user']);
    assert.match(answer!.content, /return 20/);
    assert.match(feedback!.content, /^With your function, 1 of the 1 failing test now passes, and these tests do not pass:$/m);
    assert.match(feedback!.content, /^- test_parcels\.py::test_box: failed: .*assert 20 == 9/m);
    assert.equal(report.stats.search?.server?.feedbackRequests, 1);
    assert.equal(server.chats.length, 2, 'the validated answer goes back to nobody');
  });

  it('names each bad answer and goes on: no code block, another function, HTTP errors, a body too large, one cut off', async () => {
    const answers: ScriptedAnswer[] = [
      { text: 'Raise the price for heavy parcels.' },
      { text: fencedAnswer('def label(weight_kg):\n    return "heavy"\n') },
      { status: 429 },
      { status: 500 },
      { huge: true },
      { cut: true },
      { text: fencedAnswer(MISSING_CASE_FIX) },
    ];
    const server = await serve('ollama', (index) => answers[index] ?? { status: 503 });
    const { run, report } = await fixWith(server.url, ['--server-samples', '7']);
    assert.ok(run.status === 0 || run.status === 4, run.stderr);
    assert.equal(report.patches[0]?.source, 'server', run.stdout);
    assert.deepEqual(report.stats.search?.server?.failures, {
      'no code block': 1,
      'another function': 1,
      'HTTP 429': 1,
      'HTTP 500': 1,
      'answer too large': 1,
      'answer cut off': 1,
    });
  });

  it('a server that is not there is one line, and the templates run as before', async () => {
    const server = await serve('ollama', () => ({ text: '' }));
    await server.close(); // its port is now closed
    const { run, report } = await fixWith(server.url);
    assert.equal(run.status, 1, run.stderr); // the templates find no fix for this bug
    const line = `model server at ${server.url}: not reachable (connection refused); templates only`;
    assert.ok(report.warnings?.includes(line), JSON.stringify(report.warnings));
    assert.ok(
      messages(run).some((m) => m.includes(line)),
      run.stdout + run.stderr,
    );
    assert.ok((report.stats.search?.rounds.single ?? 0) > 0, 'the templates ran');
  });

  it('a server slower than its limit gives up on it, and says so', async () => {
    const server = await serve('openai', () => ({ text: fencedAnswer(MISSING_CASE_FIX), delayMs: 5_000 }));
    const { run, report } = await fixWith(server.url, ['--server-timeout', '1']);
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(report.stats.search?.server?.failures, { timeout: 1 });
    assert.ok(
      report.warnings?.some((w) =>
        w.startsWith(`model server at ${server.url} (qwen2.5-coder:7b) gave no usable answer in 1 request: timeout 1`),
      ),
      JSON.stringify(report.warnings),
    );
  });

  it('refuses a server off this machine unless allowed, before running anything', async () => {
    const workspace = workspaceOf('server-missing-case');
    const run = await deepdebug(['fix', workspace, '--model-server', 'http://models.example.com:11434'], { tmp: tmp() });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /model server models\.example\.com:11434 is not on this machine: your code would be sent to it/);
    assert.doesNotMatch(run.stderr, /running tests/);
  });
});
