import { Command } from '@nestjs/cqrs';
import type { MatchSetView } from './match-set.view.js';

/** The user's match set of today (in TZ): computed on the first request of the day, the same set afterwards. */
export class RequestMatchesCommand extends Command<MatchSetView> {
  constructor(
    readonly userId: string,
    /** Defaults to today in TZ; the CLI and tests may name a day. */
    readonly day?: string,
  ) {
    super();
  }
}
