import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { AccountErrors } from '../../account-errors.js';
import { AccountSuspended } from '../../events/account-suspended.event.js';
import { AccountUnsuspended } from '../../events/account-unsuspended.event.js';
import { RefreshSessions } from '../../refresh-sessions.js';
import { UserRepository } from '../../user.repository.js';
import { SetAccountSuspensionCommand } from './set-account-suspension.command.js';

/** A suspension ends every sign-in at once; access tokens stop working at the guard (suspended_at, the session version). */
@CommandHandler(SetAccountSuspensionCommand)
export class SetAccountSuspensionHandler implements ICommandHandler<SetAccountSuspensionCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly users: UserRepository,
    private readonly sessions: RefreshSessions,
    private readonly outbox: Outbox,
  ) {}

  execute(command: SetAccountSuspensionCommand): Promise<{ userId: string; changed: boolean }> {
    return this.orm.em.fork().transactional(async (em) => {
      const user = await this.users.findByEmail(command.email, em);
      if (!user) throw AccountErrors.accountNotFound();
      if ((user.suspendedAt !== null) === command.suspended) return { userId: user.id, changed: false };
      user.suspendedAt = command.suspended ? new Date() : null;
      if (command.suspended) await this.sessions.endAll(em, user);
      const event = command.suspended
        ? new AccountSuspended(user.id, { userId: user.id })
        : new AccountUnsuspended(user.id, { userId: user.id });
      this.outbox.record(em, event);
      return { userId: user.id, changed: true };
    });
  }
}
