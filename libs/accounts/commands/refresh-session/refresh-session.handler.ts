import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/core';
import { AccessTokens } from '../../../shared/auth/access-tokens.js';
import { AccountErrors } from '../../account-errors.js';
import { RefreshSession } from '../../refresh-session.entity.js';
import { RefreshSessions } from '../../refresh-sessions.js';
import { hashSecretToken } from '../../secret-token.js';
import { UserRepository } from '../../user.repository.js';
import { RefreshSessionCommand, type Refreshed } from './refresh-session.command.js';

/** How long a just-rotated refresh token still works, for concurrent refreshes of one browser. */
export const ROTATION_GRACE_MS = 20_000;

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
      const session = await em.findOne(
        RefreshSession,
        { tokenHash: hashSecretToken(presented) },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!session || session.revokedAt) return undefined;
      if (session.rotatedAt) {
        // Two tabs refreshing at once send the same cookie; the second, within moments of the first, is not theft.
        if (Date.now() - session.rotatedAt.getTime() > ROTATION_GRACE_MS) {
          // A rotated token came back later: someone holds a copy. End the whole sign-in.
          await this.sessions.revokeFamily(em, session.familyId);
          return undefined;
        }
      }
      if (session.expiresAt.getTime() <= Date.now()) return undefined;
      const user = await this.users.findById(session.userId, em);
      if (!user || user.suspendedAt) return undefined;
      session.rotatedAt ??= new Date();
      const refreshToken = this.sessions.issue(em, user.id, session.familyId);
      return { user, refreshToken };
    });
    if (!outcome) throw AccountErrors.noSession();
    const accessToken = await this.accessTokens.sign({ id: outcome.user.id, email: outcome.user.email });
    return { accessToken, verification: outcome.user.verified, refreshToken: outcome.refreshToken };
  }
}
