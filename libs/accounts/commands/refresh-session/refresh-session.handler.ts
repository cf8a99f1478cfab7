import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { AccessTokens } from '../../../shared/auth/access-tokens.js';
import { AccountErrors } from '../../account-errors.js';
import { RefreshSessions, ROTATION_GRACE_MS } from '../../refresh-sessions.js';
import { UserRepository } from '../../user.repository.js';
import { RefreshSessionCommand, type Refreshed } from './refresh-session.command.js';

@CommandHandler(RefreshSessionCommand)
export class RefreshSessionHandler implements ICommandHandler<RefreshSessionCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly users: UserRepository,
    private readonly sessions: RefreshSessions,
    private readonly accessTokens: AccessTokens,
  ) {}

  async execute(command: RefreshSessionCommand): Promise<Refreshed> {
    if (!command.refreshToken) throw AccountErrors.noSession();
    const presented = command.refreshToken;
    const outcome = await this.orm.em.fork().transactional(async (em) => {
      const session = await this.sessions.findByToken(em, presented, true);
      if (!session || session.revokedAt || (await this.sessions.isEnded(em, session.familyId)))
        return undefined;
      const user = await this.users.findById(session.userId, em);
      // Issued before a password change, a reset or a suspension: that ended it, even if it was not revoked.
      if (!user || user.suspendedAt || session.sessionVersion !== user.sessionVersion) return undefined;
      if (session.rotatedAt) {
        if (Date.now() - session.rotatedAt.getTime() > ROTATION_GRACE_MS) {
          // A rotated token came back later: someone holds a copy. End the whole sign-in.
          await this.sessions.endSignIn(em, session);
          return undefined;
        }
        // Two tabs refreshing at once send the same cookie: the second gets the token the first got.
        const refreshToken = await this.sessions.liveSuccessor(em, session, presented, user);
        return refreshToken
          ? { user, refreshToken, signInId: session.familyId, persistent: session.persistent }
          : undefined;
      }
      if (session.expiresAt.getTime() <= Date.now()) return undefined;
      return {
        user,
        refreshToken: this.sessions.rotate(em, session, presented, user),
        signInId: session.familyId,
        persistent: session.persistent,
      };
    });
    if (!outcome) throw AccountErrors.noSession();
    const accessToken = await this.accessTokens.sign(outcome.user, outcome.signInId);
    const { refreshToken, persistent } = outcome;
    return { accessToken, verification: outcome.user.verified, refreshToken, persistent };
  }
}
