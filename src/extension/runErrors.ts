// What a failed fix/analyze request means for the user. Plain logic (no vscode import).
import { ErrorCodes as JsonRpcErrorCodes, ResponseError } from 'vscode-jsonrpc';
import { describeError } from '../core/errors';
import { ErrorCodes, type RunErrorData } from '../sidecar/protocol';

export type RunFailure =
  | { kind: 'canceled' }
  /** Bad input: the engine's one-line message, shown as it is. */
  | { kind: 'user'; message: string }
  /** The sidecar died or the connection broke while the request was pending. */
  | { kind: 'sidecar-stopped'; message: string }
  | { kind: 'internal'; message: string };

export function classifyRunError(error: unknown): RunFailure {
  if (error instanceof ResponseError) {
    const data = error.data as RunErrorData | undefined;
    if (error.code === ErrorCodes.canceled || data?.kind === 'canceled') return { kind: 'canceled' };
    if (error.code === ErrorCodes.user || data?.kind === 'user') return { kind: 'user', message: error.message };
    if (error.code === JsonRpcErrorCodes.PendingResponseRejected || error.code === JsonRpcErrorCodes.ConnectionInactive) {
      return { kind: 'sidecar-stopped', message: "DeepDebug's engine process stopped before the run finished; run it again." };
    }
  }
  if (error instanceof Error && error.name === 'Canceled') return { kind: 'canceled' };
  return { kind: 'internal', message: `DeepDebug failed: ${describeError(error)} (details in Output › DeepDebug)` };
}
