import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { isUuid } from '../../../shared/http/is-id.js';
import { AccountErrors } from '../../account-errors.js';
import { PasswordResetToken } from '../../password-reset-token.entity.js';
import { matchesSecretToken } from '../../secret-token.js';
import { User } from '../../user.entity.js';
import { CheckResetLinkQuery } from './check-reset-link.query.js';

/**
 * A link the reset would take: its token is the account's live one, not expired, for an account that may
 * still sign in. Nothing is spent or changed (a wrong token leaves the real one working, as the reset does).
 */
@QueryHandler(CheckResetLinkQuery)
export class CheckResetLinkHandler implements IQueryHandler<CheckResetLinkQuery> {
  constructor(private readonly orm: MikroORM) {}

  async execute({ userId, token }: CheckResetLinkQuery): Promise<{ valid: true }> {
    if (!isUuid(userId)) throw AccountErrors.invalidResetToken();
    const em = this.orm.em.fork();
    const record = await em.findOne(PasswordResetToken, { userId });
    if (!record || !matchesSecretToken(record.tokenHash, token) || record.expiresAt.getTime() <= Date.now())
      throw AccountErrors.invalidResetToken();
    const user = await em.findOne(User, { id: userId });
    if (!user || user.suspendedAt) throw AccountErrors.invalidResetToken();
    return { valid: true };
  }
}
