import { Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { MatchRequested } from '../../events/match-requested.event.js';
import { MatchSetGenerator } from '../../match-sets/match-set-generator.js';
import { CandidatePools } from '../../pool/candidate-pools.js';

/** Requests gathered before a batch is computed: the relay delivers them a few hundred at a time. */
const BATCH = 512;
const GATHER_MS = 25;
/** One pool load serves all batches of a scheduled run. */
const POOL_MAX_AGE_MS = 5 * 60_000;

/**
 * Answers the schedule's MatchRequested events by computing the sets in batches (one pool, blocked
 * scoring, one transaction per block) instead of one user at a time. Idempotent on (user, day): a
 * redelivered request finds the set in place and does nothing, so no processed-event mark is needed.
 */
@EventsHandler(MatchRequested)
export class GenerateMatchesWhenMatchRequested
  implements IEventHandler<MatchRequested>, BeforeApplicationShutdown
{
  private readonly logger = new Logger('GenerateMatchesWhenMatchRequested');
  private readonly pending = new Map<string, Set<string>>();
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly generator: MatchSetGenerator,
    private readonly pools: CandidatePools,
  ) {}

  handle(event: MatchRequested): void {
    const day = event.payload.day;
    let users = this.pending.get(day);
    if (!users) this.pending.set(day, (users = new Set()));
    users.add(event.aggregateId);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), users.size >= BATCH ? 0 : GATHER_MS);
  }

  /** Resolves when every request received so far is handled (tests and shutdown). */
  async settled(): Promise<void> {
    if (this.pending.size > 0) this.flush();
    await this.chain;
  }

  // Settles while the database is still open (the ORM closes in onApplicationShutdown).
  async beforeApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    await this.settled();
  }

  private flush(): void {
    clearTimeout(this.timer);
    const batches = [...this.pending].map(([day, users]) => ({ day, users: [...users] }));
    this.pending.clear();
    this.chain = this.chain.then(async () => {
      for (const { day, users } of batches) {
        try {
          const pool = await this.pools.get(POOL_MAX_AGE_MS);
          const report = await this.generator.generate(day, users, { pool, waitForModel: true });
          this.logger.debug(`day ${day}: ${report.created} sets for ${users.length} requests`);
        } catch (error) {
          this.logger.error(
            `matches for ${users.length} users on ${day} failed: ${(error as Error).message}`,
          );
        }
      }
    });
  }
}
