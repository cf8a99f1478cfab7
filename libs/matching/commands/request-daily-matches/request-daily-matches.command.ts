import { Command } from '@nestjs/cqrs';

/**
 * Emits MatchRequested for every matchable user without a set for `day`, after catching up stale personality
 * vectors (`refreshed` of them). `claimed` is false, and nothing is requested, while another process holds the
 * day's request, and (unless `reopen`) once the day was requested: the schedule fires on every matcher.
 * `reopen` (fated match run) requests a finished day again for whoever is still without a set.
 */
export class RequestDailyMatchesCommand extends Command<{
  day: string;
  claimed: boolean;
  requested: number;
  refreshed: number;
}> {
  constructor(
    readonly day: string,
    readonly options: { reopen?: boolean } = {},
  ) {
    super();
  }
}
