import { parentPort, workerData } from 'node:worker_threads';
import { describeError, isCanceled, UserError } from '../errors';
import { loadPatchModel, type PatchModel } from './index';
import type { CrossedError, ModelReply, ModelRequest, ModelWorkerData } from './thread-protocol';

// The model's thread (see thread.ts): loads the model, then answers the engine's calls. An
// onnxruntime-node run is synchronous on the thread that calls it, so here it blocks this
// thread alone; between two runs (each deferred by the runtime to the next turn of this
// thread's event loop) a cancel message gets through.

function crossed(error: unknown): CrossedError {
  return {
    message: describeError(error),
    ...(error instanceof UserError ? { code: error.code } : {}),
    ...(isCanceled(error) ? { canceled: true as const } : {}),
  };
}

async function serve(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('model-worker.js runs as a worker thread');
  const post = (reply: ModelReply): void => port.postMessage(reply);
  const { dir, device } = workerData as ModelWorkerData;
  let model: PatchModel;
  try {
    model = await loadPatchModel(dir, { device });
  } catch (error) {
    post({ failed: crossed(error) });
    return;
  }
  const running = new Map<number, AbortController>();
  const answer = async (request: Extract<ModelRequest, { id: number }>, signal: AbortSignal): Promise<unknown> => {
    switch (request.method) {
      case 'scoreMany':
        return model.scoreMany(request.input, request.outputs, { signal, ...(request.batchRows ? { batchRows: request.batchRows } : {}) });
      case 'sample':
        return model.sample(request.input, request.n, {
          temperature: request.temperature,
          topP: request.topP,
          signal,
          ...(request.greedy !== undefined ? { greedy: request.greedy } : {}),
        });
      case 'prepare':
        return model.prepare(request.input);
      case 'dispose':
        // The engine's thread ends this thread once it has the answer.
        await model.dispose();
        return undefined;
    }
  };
  port.on('message', (request: ModelRequest) => {
    if ('cancel' in request) {
      running.get(request.cancel)?.abort();
      return;
    }
    const controller = new AbortController();
    running.set(request.id, controller);
    answer(request, controller.signal)
      .then(
        (value) => post({ id: request.id, value }),
        (error: unknown) => post({ id: request.id, error: crossed(error) }),
      )
      .finally(() => running.delete(request.id));
  });
  post({ ready: { device: model.device } });
}

void serve();
