/**
 * A scoring thread (started by scoring-pool.ts): scores batches of seekers against a group held in
 * SharedArrayBuffers (posted with each batch: shared, not copied) and answers with the results,
 * transferred. A real module so it is type-checked and linted; only erasable TypeScript here and in what
 * it loads, so tests run it from source on Node's type stripping and the build runs the compiled .js.
 */
import { registerHooks } from 'node:module';
import { parentPort } from 'node:worker_threads';

interface ScoreRequest {
  id: number;
  planes: Uint8Array;
  hashes: Uint32Array;
  count: number;
  batch: Int32Array;
}

// From source, `./x.js` imports (the NodeNext convention tsc compiles) name files that exist only as .ts:
// fall back to the .ts beside them. The built thread is .js and never registers this.
if (import.meta.url.endsWith('.ts')) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      try {
        return nextResolve(specifier, context);
      } catch (error) {
        if (!specifier.startsWith('.') || !specifier.endsWith('.js')) throw error;
        return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
      }
    },
  });
}

// Imported after the hook is in place (a static import would be resolved before it).
const { scoreBatch } = await import('./seeker-batch.js');
// Compiled now: a thread whose engine cannot run the kernel fails at start, and so does its pool.
(await import('./simd-kernel.js')).simdKernel();
const port = parentPort!;

port.on('message', ({ id, planes, hashes, count, batch }: ScoreRequest) => {
  try {
    const results = scoreBatch({ planes, hashes, count }, batch);
    port.postMessage({ id, results }, [results.buffer]);
  } catch (error) {
    port.postMessage({ id, error: String((error as Error)?.message ?? error) });
  }
});
