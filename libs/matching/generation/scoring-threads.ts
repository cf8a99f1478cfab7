import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { ScoringGroup } from '../scoring/scoring-group.js';
import { ScoringPool } from '../scoring/scoring-pool.js';
import { encodeSeekers, scoreBatch, type Seeker } from '../scoring/seeker-batch.js';
import { simdKernel } from '../scoring/simd-kernel.js';

/** Below this many seekers a worker round trip costs more than it saves (a request scores one). */
const MIN_SEEKERS_FOR_THREADS = 64;

/**
 * Where a batch of seekers is scored: large batches (a run's blocks) on worker threads over shared memory,
 * so the cores score while this thread talks to the database; small ones (a request) right here. The
 * threads start with the first large batch, so a gateway that only answers requests never starts them.
 */
@Injectable()
export class ScoringThreads implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ScoringThreads');
  private pool: ScoringPool | undefined;

  /** Compiles this thread's kernel now, so an engine that cannot run it stops the process at start. */
  onModuleInit(): void {
    try {
      simdKernel();
    } catch (error) {
      this.logger.error((error as Error).message);
      throw error;
    }
  }

  async score(group: ScoringGroup, seekers: readonly Seeker[]): Promise<Int32Array> {
    if (seekers.length < MIN_SEEKERS_FOR_THREADS) return scoreBatch(group, encodeSeekers(seekers));
    this.pool ??= new ScoringPool();
    return this.pool.score(group, seekers);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool?.close();
    this.pool = undefined;
  }
}
