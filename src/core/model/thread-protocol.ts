import type { ModelInput } from '../types';
import type { Device } from './index';

// What the engine's thread and the model's thread (model-worker.ts) say to each other: plain
// data only (structured clone), one request id per call.

export interface ModelWorkerData {
  dir: string;
  device: 'auto' | 'cpu' | 'cuda';
}

export type ModelRequest =
  | { id: number; method: 'scoreMany'; input: ModelInput; outputs: readonly string[]; batchRows?: number }
  | { id: number; method: 'sample'; input: ModelInput; n: number; temperature: number; topP: number; greedy?: boolean }
  | { id: number; method: 'prepare'; input: ModelInput }
  | { id: number; method: 'dispose' }
  /** Stops the request with this id at its next decoder run (it fails as canceled). */
  | { cancel: number };

/** An error as it crosses: its whole message (causes included), and what kind it was. */
export interface CrossedError {
  message: string;
  /** A UserError's code. */
  code?: string;
  canceled?: true;
}

export type ModelReply =
  { ready: { device: Device } } | { failed: CrossedError } | { id: number; value: unknown } | { id: number; error: CrossedError };
