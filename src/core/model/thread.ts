import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { CanceledError, UserError, type UserErrorCode } from '../errors';
import type { ModelInput } from '../types';
import { requireRuntime } from './runtime';
import { loadModelReader, type Device, type PatchModel, type SampleOptions, type ScoreOptions } from './index';
import type { CrossedError, ModelReply, ModelRequest, ModelWorkerData } from './thread-protocol';

// The patch model on a thread of its own. onnxruntime-node runs a session synchronously on
// the thread that calls it; on the engine's thread every decoder run would stall the search's
// lanes (their candidates, their workers' results) for its whole length, and with scoring
// beside fast test suites that halved the candidates validated (bench/prior-ablation.ts). Here
// the engine's thread only posts requests and reads answers; the tokenizer (countTokens, which
// is synchronous) is loaded on both threads.

/** model-worker.js: next to the bundle in dist/, next to this file when compiled by tsc. */
const WORKER_FILE = path.join(__dirname, 'model-worker.js');

function fromCrossed(error: CrossedError): Error {
  if (error.canceled) return new CanceledError();
  return error.code ? new UserError(error.code as UserErrorCode, error.message) : new Error(error.message);
}

type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never;
/** A request before it has its id. */
type Call = WithoutId<Extract<ModelRequest, { id: number }>>;

/** Loads the model in a worker thread: the same PatchModel, its runs off the caller's thread. */
export async function loadModelThread(dir: string, options: { device: 'auto' | 'cpu' | 'cuda' }): Promise<PatchModel> {
  // The runtime and the folder's config and tokenizer first: either fails here, as loadPatchModel would.
  requireRuntime();
  const reader = await loadModelReader(dir);
  const worker = new Worker(WORKER_FILE, { workerData: { dir, device: options.device } satisfies ModelWorkerData });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let ended: Error | null = null;
  const endAll = (error: Error): void => {
    ended ??= error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  const device = await new Promise<Device>((resolve, reject) => {
    worker.on('message', (reply: ModelReply) => {
      if ('ready' in reply) resolve(reply.ready.device);
      else if ('failed' in reply) reject(fromCrossed(reply.failed));
      else {
        const call = pending.get(reply.id);
        pending.delete(reply.id);
        if (pending.size === 0) worker.unref();
        if ('error' in reply) call?.reject(fromCrossed(reply.error));
        else call?.resolve(reply.value);
      }
    });
    worker.on('error', (error) => {
      reject(error);
      endAll(new Error(`the model's thread failed: ${error.message}`));
    });
    worker.on('exit', (code) => {
      reject(new Error(`the model's thread ended (exit code ${code}) before the model loaded`));
      endAll(new Error(`the model's thread ended (exit code ${code})`));
    });
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  // Idle, the thread does not keep the process alive; a call waiting on it does.
  worker.unref();

  const call = <T>(request: Call, signal?: AbortSignal): Promise<T> => {
    if (ended) return Promise.reject(ended);
    if (signal?.aborted) return Promise.reject(new CanceledError());
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const cancel = (): void => worker.postMessage({ cancel: id } satisfies ModelRequest);
      signal?.addEventListener('abort', cancel, { once: true });
      const done = (): void => signal?.removeEventListener('abort', cancel);
      pending.set(id, {
        resolve: (value) => {
          done();
          resolve(value as T);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      if (pending.size === 1) worker.ref();
      worker.postMessage({ ...request, id } as ModelRequest);
    });
  };

  const model: PatchModel = {
    name: reader.name,
    device,
    format: reader.format,
    countTokens: (text) => reader.tokenizer.countTokens(text),
    sample(input: ModelInput, n: number, sampleOptions: SampleOptions) {
      // A function cannot cross threads: seeded draws need the model on the caller's thread (loadPatchModel).
      if (sampleOptions.random) return Promise.reject(new Error('a model on its own thread draws its own random numbers'));
      const { temperature, topP, greedy } = sampleOptions;
      return call({ method: 'sample', input, n, temperature, topP, ...(greedy !== undefined ? { greedy } : {}) }, sampleOptions.signal);
    },
    async score(input: ModelInput, outputText: string) {
      return (await model.scoreMany(input, [outputText]))[0] ?? null;
    },
    scoreMany(input: ModelInput, outputTexts: readonly string[], scoreOptions: ScoreOptions = {}) {
      return call(
        { method: 'scoreMany', input, outputs: outputTexts, ...(scoreOptions.batchRows ? { batchRows: scoreOptions.batchRows } : {}) },
        scoreOptions.signal,
      );
    },
    prepare: (input: ModelInput) => call({ method: 'prepare', input }),
    async dispose() {
      if (!ended) await call({ method: 'dispose' }).catch(() => undefined);
      endAll(new Error('the model was disposed'));
      await worker.terminate();
    },
  };
  return model;
}
