import { Command } from '@nestjs/cqrs';

/** Deletes accounts whose email was never verified within a week of signing up. */
export class PurgeUnverifiedAccountsCommand extends Command<{ deleted: number }> {
  constructor(readonly now: Date = new Date()) {
    super();
  }
}
