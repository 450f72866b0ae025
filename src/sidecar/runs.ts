// Runs engine requests for one connection: each request gets an AbortController fed by the
// request's cancellation token, its progress and patch events are forwarded tagged with the
// run id, and errors become JSON-RPC errors whose data says whether the message is meant for
// the user.
import { NotificationType, RequestType, ResponseError, type CancellationToken } from 'vscode-languageserver/node';
import { describeError, isCanceled, UserError } from '../core/errors';
import type { AnalyzeReport, EngineHooks, EngineOptions, FixReport } from '../core/types';
import { ErrorCodes, messageTypes, type RunErrorData, type RunParams } from './protocol';

// Made with the library of the sidecar's connection (server.ts), as are the errors below.
const { AnalyzeRequest, FixRequest, PatchNotification, ProgressNotification, StatusNotification } = messageTypes({
  RequestType,
  NotificationType,
});

export interface Engine {
  runFix(options: EngineOptions, hooks: EngineHooks): Promise<FixReport>;
  runAnalyze(options: EngineOptions, hooks: EngineHooks): Promise<AnalyzeReport>;
}

/** The part of a JSON-RPC connection the runs need (a language server connection has it). */
export interface RunConnection {
  onRequest<P, R, E>(type: RequestType<P, R, E>, handler: (params: P, token: CancellationToken) => Promise<R>): unknown;
  sendNotification<P>(type: NotificationType<P>, params: P): unknown;
}

/** The output log: a line per run and per stage at info level; every progress event within a stage (one per candidate) at debug level. */
export interface Log {
  info(line: string): void;
  debug(line: string): void;
}

export class Runs {
  private readonly active = new Map<string, { controller: AbortController; done: Promise<unknown> }>();

  constructor(
    private readonly connection: RunConnection,
    private readonly engine: Engine,
    private readonly log: Log,
  ) {
    connection.onRequest(FixRequest, (params, token) =>
      this.run('fix', params, token, async (hooks) => {
        const report = await engine.runFix(params.options, hooks);
        connection.sendNotification(StatusNotification, report.model);
        return report;
      }),
    );
    connection.onRequest(AnalyzeRequest, (params, token) =>
      this.run('analyze', params, token, (hooks) => engine.runAnalyze(params.options, hooks)),
    );
  }

  get activeRunIds(): string[] {
    return [...this.active.keys()];
  }

  /** Aborts every run and waits for the engine to clean up (kill its pytest processes). */
  async abortAll(): Promise<void> {
    const pending = [...this.active.values()];
    for (const run of pending) run.controller.abort();
    await Promise.allSettled(pending.map((run) => run.done));
  }

  private run<R>(kind: string, params: RunParams, token: CancellationToken, body: (hooks: EngineHooks) => Promise<R>): Promise<R> {
    const { runId } = params;
    if (this.active.has(runId)) {
      return Promise.reject(
        new ResponseError<RunErrorData>(ErrorCodes.internal, `run id ${runId} is already in use`, { kind: 'internal' }),
      );
    }
    const controller = new AbortController();
    const cancelListener = token.onCancellationRequested(() => {
      this.log.info(`[${runId}] cancel requested`);
      controller.abort();
    });
    const started = Date.now();
    let last = { at: started, stage: '' };
    this.log.info(`[${runId}] ${kind} started in ${params.options.workspace}`);
    const hooks: EngineHooks = {
      signal: controller.signal,
      onProgress: (event) => {
        const now = Date.now();
        const line = `[${runId}] ${event.stage}: ${event.message} (+${now - last.at} ms)`;
        if (event.stage === last.stage) this.log.debug(line);
        else this.log.info(line);
        last = { at: now, stage: event.stage };
        this.connection.sendNotification(ProgressNotification, { runId, event });
      },
      onPatch: (event) => {
        this.log.info(`[${runId}] patch ${event.kind}: ${event.patch.summary} in ${event.patch.file}`);
        this.connection.sendNotification(PatchNotification, { runId, event });
      },
    };
    const done = (async () => {
      try {
        const result = await body(hooks);
        this.log.info(`[${runId}] ${kind} finished in ${Date.now() - started} ms`);
        return result;
      } catch (error) {
        this.log.info(`[${runId}] ${kind} ended after ${Date.now() - started} ms: ${describeError(error)}`);
        throw toResponseError(error, controller.signal.aborted);
      } finally {
        cancelListener.dispose();
        this.active.delete(runId);
      }
    })();
    this.active.set(runId, { controller, done: done.catch(() => undefined) });
    return done;
  }
}

function toResponseError(error: unknown, aborted: boolean): ResponseError<RunErrorData> {
  if (error instanceof UserError) {
    return new ResponseError(ErrorCodes.user, error.message, { kind: 'user', code: error.code });
  }
  // Once aborted, whatever the engine throws (a killed pytest, a closed pipe) is the cancellation.
  if (isCanceled(error) || aborted) return new ResponseError(ErrorCodes.canceled, 'Canceled', { kind: 'canceled' });
  return new ResponseError(ErrorCodes.internal, describeError(error), { kind: 'internal' });
}
