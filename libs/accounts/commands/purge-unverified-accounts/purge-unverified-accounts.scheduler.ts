import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Cron } from '@nestjs/schedule';
import { PurgeUnverifiedAccountsCommand } from './purge-unverified-accounts.command.js';

/** Once a day: unverified accounts older than 7 days stop holding on to their email address. */
@Injectable()
export class PurgeUnverifiedAccountsScheduler {
  private readonly logger = new Logger('PurgeUnverifiedAccounts');

  constructor(private readonly commands: CommandBus) {}

  @Cron('30 3 * * *', { name: 'purge-unverified-accounts' })
  async purge(): Promise<void> {
    try {
      const { deleted } = await this.commands.execute(new PurgeUnverifiedAccountsCommand());
      if (deleted) this.logger.log(`deleted ${deleted} unverified accounts older than 7 days`);
    } catch (error) {
      this.logger.error(`purge of unverified accounts failed: ${(error as Error).message}`);
    }
  }
}
