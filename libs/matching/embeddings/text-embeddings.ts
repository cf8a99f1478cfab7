import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { HealthRegistry } from '../../shared/health/health-registry.js';
import type { Embedder } from './embedder.js';
import { MODEL_LOADS_HERE } from './embedding-model-placement.js';
import { startEmbeddingWorker } from './embedding-worker.js';

/** Quantised weights: what Xenova's models and the offline test model ship. */
const DTYPE = 'q8';
/** Loading never blocks matching for longer than this (an unreachable hub must not hang the worker). */
const LOAD_TIMEOUT_MS = 120_000;

/**
 * The transformers.js feature-extraction model, loaded once per process on first use (in a worker thread). Without a model
 * (MODELS_DIR lacks it, or the hub cannot be reached) it logs one warning, reports 'degraded' on
 * /api/health, and every caller falls back to the quiz answers alone.
 */
@Injectable()
export class TextEmbeddings implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Embeddings');
  private loading: Promise<Embedder | undefined> | undefined;
  private loaded: Embedder | undefined;
  private failure: string | undefined;
  private starting: Promise<{ close(): Promise<void> }> | undefined;

  private readonly loadsHere: boolean;

  constructor(
    private readonly config: AppConfig,
    private readonly health: HealthRegistry,
    @Optional() @Inject(MODEL_LOADS_HERE) loadsHere?: boolean,
  ) {
    this.loadsHere = loadsHere ?? true;
  }

  onModuleInit(): void {
    this.health.register({ name: 'embeddings', critical: false, check: async () => this.status() });
  }

  /** The model, loading it on the first call; undefined when there is none (or it lives in other processes). */
  model(): Promise<Embedder | undefined> {
    if (!this.loadsHere) return Promise.resolve(undefined);
    this.loading ??= this.load();
    return this.loading;
  }

  /** The model if it is loaded already; otherwise starts loading in the background. For request paths. */
  ifReady(): Embedder | undefined {
    if (!this.loaded) void this.model();
    return this.loaded;
  }

  /** For /api/health, which anyone can read: no paths, no raw error texts (those go to the log). */
  private status(): { status: 'up' | 'degraded' | 'loading'; detail: string } {
    const { model } = this.config.embeddings;
    if (!this.loadsHere) return { status: 'up', detail: `${model} runs in the matcher processes` };
    if (this.loaded) return { status: 'up', detail: `${model} (${this.loaded.dimension} dimensions)` };
    if (this.failure) return { status: 'degraded', detail: this.failure };
    if (!this.loading && this.missingLocalModel())
      return { status: 'degraded', detail: this.missingModelText() };
    return { status: 'loading', detail: this.loading ? `${model} loading` : `${model} (loads on first use)` };
  }

  private missingModelText(): string {
    return `embedding model ${this.config.embeddings.model} not found in MODELS_DIR; matching uses the quiz answers only`;
  }

  private missingLocalModel(): string | undefined {
    const { model, modelsDir } = this.config.embeddings;
    if (!modelsDir || existsSync(join(modelsDir, model, 'config.json'))) return undefined;
    return `embedding model ${model} not found in MODELS_DIR (${modelsDir}); matching uses the quiz answers only`;
  }

  private async load(): Promise<Embedder | undefined> {
    const { model: modelId, modelsDir } = this.config.embeddings;
    const missing = this.missingLocalModel();
    if (missing) return this.unavailable(missing, this.missingModelText());
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`timed out after ${LOAD_TIMEOUT_MS / 1000} s`)),
          LOAD_TIMEOUT_MS,
        );
        timer.unref();
      });
      const starting = startEmbeddingWorker({ modelId, modelsDir, dtype: DTYPE });
      this.starting = starting;
      // A worker that loads after the timeout is shut down rather than left running unused.
      starting
        .then((late) => {
          if (this.loaded !== late && this.failure !== undefined) void late.close();
        })
        .catch(() => undefined);
      const embedder = await Promise.race([starting, timeout]);
      this.loaded = embedder;
      this.logger.log(`embedding model ${modelId} loaded (${embedder.dimension} dimensions)`);
      return embedder;
    } catch (error) {
      return this.unavailable(
        `embedding model ${modelId} could not be loaded (${(error as Error).message}); matching uses the quiz answers only`,
        `embedding model ${modelId} could not be loaded; matching uses the quiz answers only`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  // Before the ORM closes (onApplicationShutdown): a handler still waiting for an embedding fails fast
  // and releases its connection instead of holding the pool open.
  async beforeApplicationShutdown(): Promise<void> {
    const worker = await this.starting?.catch(() => undefined);
    await worker?.close();
  }

  /** `reason` (with paths and errors) for the log, `shown` for health. */
  private unavailable(reason: string, shown: string): undefined {
    this.failure = shown;
    this.logger.warn(reason);
    return undefined;
  }
}

/** Cosine similarity of two unit vectors; undefined when either is missing or they come from different models. */
export function cosine(
  a: ArrayLike<number> | null | undefined,
  b: ArrayLike<number> | null | undefined,
): number | undefined {
  if (!a || !b || a.length !== b.length || a.length === 0) return undefined;
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}
