import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM, type EntityManager } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { AccountDeletion } from '../../account-deletion.js';
import { AccountErrors } from '../../account-errors.js';
import { addAccount, withFreshReferralCodes } from '../register-user/add-account.js';
import { markEmailVerified } from '../verify-email/mark-email-verified.js';
import { PasswordHasher } from '../../password-hasher.js';
import { PasswordResetToken } from '../../password-reset-token.entity.js';
import { isUuid } from '../../../shared/http/is-id.js';
import { accountKey } from '../../../shared/rate-limits/account-key.js';
import { AuthLimits } from '../../../shared/rate-limits/auth-limits.js';
import { RefreshSessions } from '../../refresh-sessions.js';
import { matchesSecretToken } from '../../secret-token.js';
import { User } from '../../user.entity.js';
import { ResetPasswordCommand } from './reset-password.command.js';

/**
 * The mailed link proves the person owns the address: the token is spent, the password replaced, every
 * sign-in of the account ended (the session version too, so nothing in flight survives), and an unverified
 * account becomes verified.
 *
 * An unverified account may have been opened by someone else with this address (a squatter), who may have
 * written a name, a profile, a photo and a quiz and may still hold a session. The owner reclaims the address,
 * not that account: it is deleted like any other (everything it wrote, its sessions, its waitlist place and
 * referral) and a fresh verified account with the new password takes the address, with no name: the owner
 * chooses it at their next sign-in (`nameRequired`).
 */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly hasher: PasswordHasher,
    private readonly sessions: RefreshSessions,
    private readonly deletion: AccountDeletion,
    private readonly outbox: Outbox,
    private readonly limits: AuthLimits,
  ) {}

  async execute(command: ResetPasswordCommand): Promise<{ reset: true }> {
    if (!isUuid(command.userId)) throw AccountErrors.invalidResetToken();
    const passwordHash = await this.hasher.hash(command.password);
    const reset = await withFreshReferralCodes(() =>
      this.orm.em.fork().transactional(async (em) => {
        const record = await em.findOne(
          PasswordResetToken,
          { userId: command.userId },
          { lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        if (!record || !matchesSecretToken(record.tokenHash, command.token)) return false;
        await em.nativeDelete(PasswordResetToken, { userId: record.userId });
        if (record.expiresAt.getTime() <= Date.now()) return false;
        const user = await em.findOne(User, { id: command.userId });
        if (!user || user.suspendedAt) return false;
        const email = user.email;
        if (!user.verified) {
          await this.reclaim(em, user, passwordHash);
          return email;
        }
        user.passwordHash = passwordHash;
        await this.sessions.endAll(em, user);
        return email;
      }),
    );
    if (!reset) throw AccountErrors.invalidResetToken();
    // The owner may sign in with the new password at once, however many guesses at the old one were counted.
    await this.limits.forgetFailures([
      accountKey({ email: reset }, 'email')!,
      accountKey({ id: command.userId }, 'id')!,
    ]);
    return { reset: true };
  }

  private async reclaim(em: EntityManager, held: User, passwordHash: string): Promise<void> {
    const email = held.email;
    em.getUnitOfWork().unsetIdentity(held);
    await this.deletion.delete(em, held.id);
    const owner = addAccount(em, this.outbox, { name: '', email, passwordHash, referredById: null });
    markEmailVerified(em, this.outbox, owner, new Date());
  }
}
