import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { AccountErrors } from '../../account-errors.js';
import { AccountNamed } from '../../events/account-named.event.js';
import { UserRepository } from '../../user.repository.js';
import { NameAccountCommand } from './name-account.command.js';

/**
 * Names an account that has no name: one reclaimed by a password reset, whose unverified holder's name was
 * cleared with everything they wrote. A name is chosen once; an account that has one keeps it (409).
 */
@CommandHandler(NameAccountCommand)
export class NameAccountHandler implements ICommandHandler<NameAccountCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly users: UserRepository,
    private readonly outbox: Outbox,
  ) {}

  execute(command: NameAccountCommand): Promise<{ name: string }> {
    return this.orm.em.fork().transactional(async (em) => {
      const user = await this.users.findById(command.userId, em, true);
      if (!user) throw AccountErrors.noSession();
      if (user.name !== '') throw AccountErrors.alreadyNamed();
      user.name = command.name;
      this.outbox.record(em, new AccountNamed(user.id, { name: user.name, email: user.email }));
      return { name: user.name };
    });
  }
}
