import { Command } from '@nestjs/cqrs';

/** Emits MatchRequested for every matchable user without a set for `day`; `requested` is 0 if another process claimed the day. */
export class RequestDailyMatchesCommand extends Command<{
  day: string;
  claimed: boolean;
  requested: number;
}> {
  constructor(readonly day: string) {
    super();
  }
}
