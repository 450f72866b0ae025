// The sidecar's output log: one line per run and per stage at info level, the progress events
// within a stage (one per candidate) at debug level only.
import * as assert from 'node:assert/strict';
import { CancellationTokenSource } from 'vscode-languageserver/node';
import type { EngineHooks, EngineOptions, FixReport } from '../../src/core/types';
import { Runs, type RunConnection } from '../../src/sidecar/runs';

describe('Runs log', () => {
  it('logs each stage once at info level and the candidates at debug level', async () => {
    const handlers = new Map<string, (params: unknown, token: unknown) => Promise<unknown>>();
    const connection: RunConnection = {
      onRequest: (type, handler) => handlers.set(type.method, handler as (params: unknown, token: unknown) => Promise<unknown>),
      sendNotification: () => undefined,
    };
    const report = { model: { name: null, device: null } } as FixReport;
    const engine = {
      runFix: async (_options: EngineOptions, hooks: EngineHooks) => {
        hooks.onProgress?.({ stage: 'running-tests', message: 'running tests' });
        for (let i = 1; i <= 3; i++) hooks.onProgress?.({ stage: 'validating', message: `validating candidate ${i}` });
        return report;
      },
      runAnalyze: () => Promise.reject(new Error('not used')),
    };
    const lines: { level: 'info' | 'debug'; line: string }[] = [];
    new Runs(connection, engine, {
      info: (line) => lines.push({ level: 'info', line }),
      debug: (line) => lines.push({ level: 'debug', line }),
    });
    await handlers.get('deepdebug/fix')!({ runId: 'r1', options: { workspace: '/ws' } }, new CancellationTokenSource().token);
    const shown = lines.map(({ level, line }) => `${level} ${line.replace(/ \(\+\d+ ms\)$| in \d+ ms$/, '')}`);
    assert.deepEqual(shown, [
      'info [r1] fix started in /ws',
      'info [r1] running-tests: running tests',
      'info [r1] validating: validating candidate 1',
      'debug [r1] validating: validating candidate 2',
      'debug [r1] validating: validating candidate 3',
      'info [r1] fix finished',
    ]);
  });
});
