import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { AccountDeletion } from '../../account-deletion.js';
import { UNVERIFIED_ACCOUNT_MAX_AGE_MS } from '../../account-lifetimes.js';
import { User } from '../../user.entity.js';
import { PurgeUnverifiedAccountsCommand } from './purge-unverified-accounts.command.js';

const BATCH = 200;

@CommandHandler(PurgeUnverifiedAccountsCommand)
export class PurgeUnverifiedAccountsHandler implements ICommandHandler<PurgeUnverifiedAccountsCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly deletion: AccountDeletion,
  ) {}

  async execute(command: PurgeUnverifiedAccountsCommand): Promise<{ deleted: number }> {
    const cutoff = new Date(command.now.getTime() - UNVERIFIED_ACCOUNT_MAX_AGE_MS);
    let deleted = 0;
    for (;;) {
      // Batches keep each transaction short; every account goes through the one deletion path.
      const stale = await this.orm.em
        .fork()
        .find(User, { emailVerifiedAt: null, createdAt: { $lt: cutoff } }, { fields: ['id'], limit: BATCH });
      if (stale.length === 0) return { deleted };
      await this.orm.em.fork().transactional(async (em) => {
        for (const user of stale) await this.deletion.delete(em, user.id);
      });
      deleted += stale.length;
    }
  }
}
