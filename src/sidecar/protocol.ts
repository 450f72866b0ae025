// The wire between the extension (client) and the sidecar (server): every custom method, its
// direction and its types, in one place. Both sides import from here, so the two ends cannot
// drift. Payloads are the engine's plain data (src/core/types.ts) as they are.
//
// Besides these, the connection speaks plain LSP: `initialize`/`shutdown`/`exit`, and
// `$/cancelRequest` cancels a running fix or analysis (the client passes a cancellation token to
// `sendRequest`; the sidecar turns it into the engine's AbortSignal).
import { NotificationType, RequestType } from 'vscode-jsonrpc';
import type { UserErrorCode } from '../core/errors';
import type { AnalyzeReport, EngineOptions, FixReport, ProgressEvent } from '../core/types';

export interface RunParams {
  /** Chosen by the client; tags this run's progress notifications. */
  runId: string;
  /** The engine's options as they are, the settings' `sandbox` flag included. */
  options: EngineOptions;
}

/** `error.data` of a failed fix/analyze request. */
export type RunErrorData =
  | { kind: 'user'; code: UserErrorCode } // bad input: show `error.message` as it is
  | { kind: 'canceled' }
  | { kind: 'internal' }; // a bug: `error.message` plus the sidecar's log

/** Client -> server: run the whole pipeline (tests, localize, generate, validate). */
export const FixRequest = new RequestType<RunParams, FixReport, RunErrorData>('deepdebug/fix');

/** Client -> server: run the tests and localize only (no model, no validation). */
export const AnalyzeRequest = new RequestType<RunParams, AnalyzeReport, RunErrorData>('deepdebug/analyze');

export interface ProgressParams {
  runId: string;
  event: ProgressEvent;
}

/** Server -> client, while a run is in flight: the engine's progress events. */
export const ProgressNotification = new NotificationType<ProgressParams>('deepdebug/progress');

/** Which model produced candidates ("cpu", "cuda", "webgpu" devices), or why none did: FixReport.model. */
export type SidecarStatus = FixReport['model'];

/** Server -> client, after each fix: which model and device produced candidates. */
export const StatusNotification = new NotificationType<SidecarStatus>('deepdebug/status');

/** JSON-RPC error codes of failed runs (the server-defined range of JSON-RPC). */
export const ErrorCodes = {
  /** LSP's RequestCancelled. */
  canceled: -32800,
  user: -32001,
  internal: -32603,
} as const;
