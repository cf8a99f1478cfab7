import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { MatchRequested } from '../../events/match-requested.event.js';
import { DailyMatchRunRepository } from '../../match-sets/daily-match-run.repository.js';
import { PersonalityVectors } from '../../personality/personality-vectors.js';
import { RequestDailyMatchesCommand } from './request-daily-matches.command.js';

/** Outbox rows per transaction, so 100k requests don't make one giant transaction. */
const CHUNK = 1000;

@CommandHandler(RequestDailyMatchesCommand)
export class RequestDailyMatchesHandler implements ICommandHandler<RequestDailyMatchesCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly runs: DailyMatchRunRepository,
    private readonly personality: PersonalityVectors,
    private readonly outbox: Outbox,
  ) {}

  async execute({
    day,
  }: RequestDailyMatchesCommand): Promise<{ day: string; claimed: boolean; requested: number }> {
    if (!(await this.runs.claimRequest(this.orm.em.fork(), day, new Date())))
      return { day, claimed: false, requested: 0 };
    // Vectors whose events were lost (a crash between commit and consumer) are rebuilt first.
    await this.personality.refreshStale();
    const users = await this.runs.usersWithoutSet(this.orm.em.fork(), day);
    for (let start = 0; start < users.length; start += CHUNK) {
      await this.orm.em.fork().transactional(async (em) => {
        const events = users.slice(start, start + CHUNK).map((userId) => new MatchRequested(userId, { day }));
        this.outbox.record(em, ...events);
      });
    }
    await this.runs.recordRequested(this.orm.em.fork(), day, users.length);
    return { day, claimed: true, requested: users.length };
  }
}
