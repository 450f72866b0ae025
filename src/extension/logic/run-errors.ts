// What a failed fix/analyze request means for the user. Plain logic (no vscode import).
import type { ErrorCodes as JsonRpcErrorCodes, ResponseError } from 'vscode-languageclient/node';
import { describeError, UserError } from '../../core/errors';
import { ErrorCodes, type RunErrorData } from '../../sidecar/protocol';

export type RunFailure =
  | { kind: 'canceled' }
  /** Bad input: the engine's one-line message, shown as it is. */
  | { kind: 'user'; message: string }
  /** The sidecar died or the connection broke while the request was pending. */
  | { kind: 'sidecar-stopped'; message: string }
  | { kind: 'internal'; message: string };

/**
 * The error class and codes of the client library whose connection failed the request: its
 * errors are instances of its own copy of JSON-RPC, which may not be any other import's.
 */
export interface JsonRpcErrors {
  ResponseError: typeof ResponseError;
  ErrorCodes: typeof JsonRpcErrorCodes;
}

/** `rpc` is undefined when the library never loaded: then no request was sent. */
export function classifyRunError(error: unknown, rpc: JsonRpcErrors | undefined): RunFailure {
  if (rpc && error instanceof rpc.ResponseError) {
    const data = error.data as RunErrorData | undefined;
    if (error.code === ErrorCodes.canceled || data?.kind === 'canceled') return { kind: 'canceled' };
    if (error.code === ErrorCodes.user || data?.kind === 'user') return { kind: 'user', message: error.message };
    if (error.code === rpc.ErrorCodes.PendingResponseRejected || error.code === rpc.ErrorCodes.ConnectionInactive) {
      return { kind: 'sidecar-stopped', message: "DeepDebug's engine process stopped before the run finished; run it again." };
    }
  }
  if (error instanceof Error && error.name === 'Canceled') return { kind: 'canceled' };
  // Raised in the extension itself (locating a test message's traceback with the interpreter).
  if (error instanceof UserError) return { kind: 'user', message: error.message };
  return { kind: 'internal', message: `DeepDebug failed: ${describeError(error)} (details in Output › DeepDebug)` };
}
