import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { MatchRequested } from '../../events/match-requested.event.js';
import { DailyMatchRunRepository } from '../../daily-run/daily-match-run.repository.js';
import { PersonalityVectors } from '../../personality/personality-vectors.js';
import { RequestDailyMatchesCommand } from './request-daily-matches.command.js';

/** Users per MatchRequested: a matcher computes a chunk as one batch and acknowledges it once written. */
export const USERS_PER_EVENT = 1000;
/** Events per statement, so 100k requests don't make one giant statement. */
const EVENTS_PER_STATEMENT = 20;
/** How long the day's request stays ours without renewal; renewed after every statement of events. */
export const REQUEST_LEASE_MS = 2 * 60_000;

@CommandHandler(RequestDailyMatchesCommand)
export class RequestDailyMatchesHandler implements ICommandHandler<RequestDailyMatchesCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly runs: DailyMatchRunRepository,
    private readonly personality: PersonalityVectors,
    private readonly outbox: Outbox,
  ) {}

  async execute({ day, options }: RequestDailyMatchesCommand): Promise<{
    day: string;
    claimed: boolean;
    requested: number;
    refreshed: number;
  }> {
    const claimed = await this.runs.claimRequest(this.orm.em.fork(), day, new Date(), REQUEST_LEASE_MS, {
      reopen: options.reopen ?? false,
    });
    if (!claimed) return { day, claimed: false, requested: 0, refreshed: 0 };
    // Vectors whose events were lost (a crash between commit and consumer) are rebuilt first.
    const refreshed = await this.personality.refreshStale();
    // After a holder died part-way, this resumes: users whose set exists are not asked for again.
    const users = await this.runs.usersWithoutSet(this.orm.em.fork(), day);
    const perStatement = USERS_PER_EVENT * EVENTS_PER_STATEMENT;
    for (let start = 0; start < users.length; start += perStatement) {
      const events: MatchRequested[] = [];
      for (let at = start; at < Math.min(users.length, start + perStatement); at += USERS_PER_EVENT) {
        const userIds = users.slice(at, at + USERS_PER_EVENT);
        events.push(new MatchRequested(userIds[0]!, { day, userIds }));
      }
      // One statement, its payloads bound: the unit of work would format megabytes of ids into its SQL.
      await this.outbox.recordMany(this.orm.em.fork(), events);
      await this.runs.renewLease(this.orm.em.fork(), day, REQUEST_LEASE_MS);
    }
    await this.runs.recordRequested(this.orm.em.fork(), day, users.length);
    // The chunks' own work is counted as they are generated (fated_match_generation_phase_seconds).
    return { day, claimed: true, requested: users.length, refreshed };
  }
}
