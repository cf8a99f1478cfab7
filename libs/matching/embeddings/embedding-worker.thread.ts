/**
 * The embedding model's thread (started by embedding-worker.ts): loads the transformers.js pipeline, answers
 * a probe with the model's dimension, then embeds batches of texts on request. A module of its own so it is
 * type-checked and linted; only erasable TypeScript here, so tests run it directly on Node's type stripping
 * and the build runs its compiled .js.
 */
import { parentPort, workerData } from 'node:worker_threads';

interface ThreadOptions {
  modelId: string;
  modelsDir: string | undefined;
  dtype: string;
}

type Extractor = ((
  texts: string[],
  options: { pooling: 'mean'; normalize: true },
) => Promise<{ data: ArrayLike<number>; dims: number[] }>) & { dispose(): Promise<void> };

type Request = { type: 'embed'; id: number; texts: string[] } | { type: 'close' };

const port = parentPort!;
const options = workerData as ThreadOptions;
const messageOf = (error: unknown) => String((error as Error)?.message ?? error);

async function load(): Promise<Extractor> {
  const transformers = await import('@huggingface/transformers');
  if (options.modelsDir) {
    transformers.env.localModelPath = options.modelsDir;
    transformers.env.allowRemoteModels = false;
  }
  const pipeline = transformers.pipeline as unknown as (
    task: 'feature-extraction',
    model: string,
    settings: { dtype: string },
  ) => Promise<Extractor>;
  return pipeline('feature-extraction', options.modelId, { dtype: options.dtype });
}

try {
  const extractor = await load();
  const probe = await extractor(['hello'], { pooling: 'mean', normalize: true });
  port.postMessage({ type: 'ready', dimension: probe.dims[probe.dims.length - 1] });
  // Batches still running when the owner asks to close: the thread ends once they are done.
  let running = 0;
  let closing = false;
  const finish = async () => {
    await extractor.dispose().catch(() => undefined);
    port.close();
  };
  port.on('message', async (request: Request) => {
    if (request.type === 'close') {
      closing = true;
      if (running === 0) await finish();
      return;
    }
    running++;
    try {
      const output = await extractor(request.texts, { pooling: 'mean', normalize: true });
      const data = Float32Array.from(output.data);
      port.postMessage({ type: 'result', id: request.id, data }, [data.buffer]);
    } catch (error) {
      port.postMessage({ type: 'error', id: request.id, message: messageOf(error) });
    } finally {
      running--;
      if (closing && running === 0) await finish();
    }
  });
} catch (error) {
  port.postMessage({ type: 'failed', message: messageOf(error) });
}
