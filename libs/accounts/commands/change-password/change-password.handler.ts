import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens } from '../../../shared/auth/access-tokens.js';
import { AccountErrors } from '../../account-errors.js';
import { PasswordHasher } from '../../password-hasher.js';
import { RefreshSessions } from '../../refresh-sessions.js';
import { hashSecretToken } from '../../secret-token.js';
import { UserRepository } from '../../user.repository.js';
import { ChangePasswordCommand, type PasswordChanged } from './change-password.command.js';

/**
 * A new password ends every sign-in of the account, the asking browser's refresh session too (a stolen token in
 * its family must not survive), and starts a fresh one for the asker. Of the access tokens, only the one the
 * change was asked with keeps working, until it expires: the asker's next call does not fail.
 */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: RefreshSessions,
    private readonly accessTokens: AccessTokens,
  ) {}

  async execute(command: ChangePasswordCommand): Promise<PasswordChanged> {
    const found = await this.users.findById(command.userId, this.orm.em.fork());
    if (!found) throw AccountErrors.noSession();
    if (!(await this.hasher.verify(found.passwordHash, command.currentPassword)))
      throw AccountErrors.wrongPassword();
    const passwordHash = await this.hasher.hash(command.newPassword);
    const { user, refreshToken, signInId, persistent } = await this.orm.em
      .fork()
      .transactional(async (em) => {
        const user = await this.users.findById(command.userId, em);
        if (!user || user.suspendedAt) throw AccountErrors.noSession();
        user.passwordHash = passwordHash;
        const kept = command.askedWith ? this.accessTokens.idOf(command.askedWith) : undefined;
        const persistent = await this.sessions.isPersistent(em, command.signInId);
        await this.sessions.endAll(em, user, kept);
        const signedIn = this.sessions.signIn(em, user, persistent);
        if (command.askedWith) {
          user.keptTokenHash = hashSecretToken(command.askedWith);
          user.keptTokenUntil = new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
          user.keptTokenId = kept ?? null;
          user.keptSignInId = signedIn.signInId;
        }
        return { user, persistent, ...signedIn };
      });
    return {
      changed: true,
      accessToken: await this.accessTokens.sign(user, signInId),
      refreshToken,
      persistent,
    };
  }
}
