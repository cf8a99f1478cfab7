import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { CandidatePool } from './candidate-pool.js';
import { CandidatePoolRepository } from './candidate-pool.repository.js';

/**
 * Loads the pool from the database and keeps the latest one briefly, so a burst of requests (or a batch
 * of MatchRequested events) shares one load instead of reading every user each time.
 */
@Injectable()
export class CandidatePools {
  private current: Promise<CandidatePool> | undefined;

  constructor(
    private readonly orm: MikroORM,
    private readonly repository: CandidatePoolRepository,
  ) {}

  /** A pool no older than `maxAgeMs` (0 = load now). */
  async get(maxAgeMs: number): Promise<CandidatePool> {
    const cached = this.current;
    if (cached) {
      const pool = await cached.catch(() => undefined);
      if (pool && Date.now() - pool.loadedAt <= maxAgeMs) return pool;
    }
    if (this.current === cached) this.current = this.load();
    return this.current!;
  }

  /** Re-reads some users (e.g. a requester who just saved answers) into the cached pool, dropping those no longer matchable. */
  async refreshMembers(pool: CandidatePool, userIds: string[]): Promise<void> {
    const members = await this.repository.some(this.orm.em.fork(), userIds);
    const found = new Set(members.map((member) => member.userId));
    for (const userId of userIds) if (!found.has(userId)) pool.remove(userId);
    for (const member of members) pool.set(member);
  }

  /** Brings a cached pool up to date for these users (newcomers join, suspended or deleted ones leave). */
  async refreshIfCached(userIds: string[]): Promise<void> {
    const pool = await this.current?.catch(() => undefined);
    if (pool) await this.refreshMembers(pool, userIds);
  }

  /** Takes a member out of the cached pool without reading anything. */
  async dropIfCached(userId: string): Promise<void> {
    const pool = await this.current?.catch(() => undefined);
    pool?.remove(userId);
  }

  private async load(): Promise<CandidatePool> {
    const startedAt = Date.now();
    const pool = new CandidatePool(startedAt);
    await this.repository.each(this.orm.em.fork(), (member) => pool.set(member));
    return pool;
  }
}
