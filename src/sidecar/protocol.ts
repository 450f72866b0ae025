// The wire between the extension (client) and the sidecar (server): every custom method, its
// direction and its types, in one place. Both sides import from here, so the two ends cannot
// drift. Payloads are the engine's plain data (src/core/types.ts) as they are.
//
// Besides these, the connection speaks plain LSP: `initialize`/`shutdown`/`exit`, and
// `$/cancelRequest` cancels a running fix or analysis (the client passes a cancellation token to
// `sendRequest`; the sidecar turns it into the engine's AbortSignal).
//
// Each end makes the message types with its own JSON-RPC library (`messageTypes`): the
// extension with vscode-languageclient, the sidecar with vscode-languageserver. JSON-RPC
// compares a message type's parts by identity, so a type made by another copy of the library
// than the connection's would not be understood.
import type { NotificationType, RequestType } from 'vscode-languageserver/node';
import type { UserErrorCode } from '../core/errors';
import type { AnalyzeReport, EngineOptions, FixReport, PatchEvent, ProgressEvent } from '../core/types';

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

export interface ProgressParams {
  runId: string;
  event: ProgressEvent;
}

/** A fix run's early patch: validated (shown at once), then confirmed or withdrawn by its clean re-check. */
export interface PatchParams {
  runId: string;
  event: PatchEvent;
}

/** Which model produced candidates ("cpu", "cuda", "webgpu" devices), or why none did: FixReport.model. */
export type SidecarStatus = FixReport['model'];

/** JSON-RPC error codes of failed runs (the server-defined range of JSON-RPC). */
export const ErrorCodes = {
  /** LSP's RequestCancelled. */
  canceled: -32800,
  user: -32001,
  internal: -32603,
} as const;

/** The classes one end's JSON-RPC library makes message types with. */
export interface JsonRpcLibrary {
  RequestType: typeof RequestType;
  NotificationType: typeof NotificationType;
}

/** Every custom method, made with the JSON-RPC library of the end that uses it. */
export function messageTypes(rpc: JsonRpcLibrary) {
  return {
    /** Client -> server: run the whole pipeline (tests, localize, generate, validate). */
    FixRequest: new rpc.RequestType<RunParams, FixReport, RunErrorData>('deepdebug/fix'),
    /** Client -> server: run the tests and localize only (no model, no validation). */
    AnalyzeRequest: new rpc.RequestType<RunParams, AnalyzeReport, RunErrorData>('deepdebug/analyze'),
    /** Server -> client, while a run is in flight: the engine's progress events. */
    ProgressNotification: new rpc.NotificationType<ProgressParams>('deepdebug/progress'),
    /** Server -> client, while a fix is in flight, before its report: the search's patch events. */
    PatchNotification: new rpc.NotificationType<PatchParams>('deepdebug/patch'),
    /** Server -> client, after each fix: which model and device produced candidates. */
    StatusNotification: new rpc.NotificationType<SidecarStatus>('deepdebug/status'),
  };
}

export type MessageTypes = ReturnType<typeof messageTypes>;
