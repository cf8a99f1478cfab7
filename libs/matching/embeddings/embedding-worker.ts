import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Embedder } from './embedder.js';

/**
 * The model runs in a worker thread (embedding-worker.thread.ts): inference never blocks the event loop that
 * serves requests and writes match sets, and onnxruntime's native code sees plain Node globals (inside Jest's
 * VM context it rejects the context's typed arrays). Built, the thread is the compiled .js beside this file;
 * from source (tests) it is the .ts, which Node runs with its type stripping.
 */
function threadFile(): URL {
  const compiled = new URL('./embedding-worker.thread.js', import.meta.url);
  return existsSync(compiled) ? compiled : new URL('./embedding-worker.thread.ts', import.meta.url);
}

/** How long a closing worker may take to finish its last batch before it is terminated regardless. */
const CLOSE_TIMEOUT_MS = 5_000;

type WorkerMessage =
  | { type: 'ready'; dimension: number }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; data: Float32Array }
  | { type: 'error'; id: number; message: string };

export interface EmbeddingWorkerOptions {
  modelId: string;
  modelsDir: string | undefined;
  dtype: string;
}

/** Starts the worker and resolves once the model answered a probe; rejects if it cannot load. */
export function startEmbeddingWorker(
  options: EmbeddingWorkerOptions,
): Promise<Embedder & { close(): Promise<void> }> {
  const worker = new Worker(threadFile(), { workerData: options });
  const pending = new Map<number, { resolve(value: Float32Array): void; reject(error: Error): void }>();
  let nextId = 0;
  let stopped: Error | undefined;
  // A request must never outlive the worker: a caller waiting forever would hold its database
  // transaction open and hang shutdown.
  const failPending = (error: Error) => {
    stopped ??= error;
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  };
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      failPending(new Error('embedding worker stopped'));
      resolve();
    }),
  );
  // An idle worker must not keep a CLI process alive; a busy one must.
  const refresh = () => (pending.size > 0 ? worker.ref() : worker.unref());

  return new Promise((resolve, reject) => {
    worker.on('error', (error) => {
      reject(error);
      failPending(error);
    });
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'failed') {
        reject(new Error(message.message));
        void worker.terminate();
        return;
      }
      if (message.type === 'ready') {
        const dimension = message.dimension;
        refresh();
        resolve({
          modelId: options.modelId,
          dimension,
          embed(texts: string[]): Promise<Float32Array[]> {
            if (texts.length === 0) return Promise.resolve([]);
            if (stopped) return Promise.reject(stopped);
            const id = nextId++;
            const result = new Promise<Float32Array>((resolveRequest, rejectRequest) =>
              pending.set(id, { resolve: resolveRequest, reject: rejectRequest }),
            );
            refresh();
            worker.postMessage({ type: 'embed', id, texts });
            return result.then((data) =>
              texts.map((_, row) => data.slice(row * dimension, (row + 1) * dimension)),
            );
          },
          // The thread finishes the batch it is running and exits: terminating it in the middle of an
          // inference let onnxruntime's native code throw where nothing catches, which aborts the process.
          async close() {
            failPending(new Error('embedding worker stopped'));
            worker.postMessage({ type: 'close' });
            const timer = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
            await exited;
            clearTimeout(timer);
          },
        });
        return;
      }
      const request = pending.get(message.id);
      if (!request) return;
      pending.delete(message.id);
      refresh();
      if (message.type === 'result') request.resolve(message.data);
      else request.reject(new Error(message.message));
    });
  });
}
