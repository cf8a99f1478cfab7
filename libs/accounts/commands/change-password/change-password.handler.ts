import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { AccountErrors } from '../../account-errors.js';
import { PasswordHasher } from '../../password-hasher.js';
import { RefreshSessions } from '../../refresh-sessions.js';
import { User } from '../../user.entity.js';
import { UserRepository } from '../../user.repository.js';
import { ChangePasswordCommand } from './change-password.command.js';

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: RefreshSessions,
  ) {}

  async execute(command: ChangePasswordCommand): Promise<{ changed: true }> {
    const em = this.orm.em.fork();
    const user = await this.users.findById(command.userId, em);
    if (!user) throw AccountErrors.noSession();
    if (!(await this.hasher.verify(user.passwordHash, command.currentPassword)))
      throw AccountErrors.wrongPassword();
    const passwordHash = await this.hasher.hash(command.newPassword);
    await em.transactional(async (tx) => {
      const current = command.refreshToken ? await this.sessions.findByToken(tx, command.refreshToken) : null;
      const keep = current && current.userId === user.id && !current.revokedAt ? current.familyId : undefined;
      await tx.nativeUpdate(User, { id: user.id }, { passwordHash });
      await this.sessions.revokeAllOf(tx, user.id, keep);
    });
    return { changed: true };
  }
}
