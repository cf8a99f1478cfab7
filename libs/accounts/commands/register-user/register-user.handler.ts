import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { AccountDeletion } from '../../account-deletion.js';
import { AccountErrors } from '../../account-errors.js';
import { UNVERIFIED_EMAIL_HOLD_MS } from '../../account-lifetimes.js';
import { PasswordHasher } from '../../password-hasher.js';
import { normalizeEmail, UserRepository } from '../../user.repository.js';
import { addAccount, withFreshReferralCodes } from './add-account.js';
import { RegisterUserCommand } from './register-user.command.js';

@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: Outbox,
    private readonly deletion: AccountDeletion,
  ) {}

  async execute(command: RegisterUserCommand): Promise<{ id: string }> {
    const email = normalizeEmail(command.email);
    const passwordHash = await this.hasher.hash(command.password);
    try {
      return await withFreshReferralCodes(() =>
        this.orm.em.fork().transactional(async (em) => {
          const holder = await this.users.findByEmail(email, em);
          if (holder) {
            // An unverified sign-up holds its address for a day only, so nobody can squat on someone's email.
            if (holder.verified || Date.now() - holder.createdAt.getTime() < UNVERIFIED_EMAIL_HOLD_MS)
              throw AccountErrors.emailInUse();
            await this.deletion.delete(em, holder.id);
          }
          // An unknown referral code is ignored: it must never stop someone from signing up.
          const referrer = command.referralCode
            ? await this.users.findByReferralCode(command.referralCode, em)
            : null;
          const user = addAccount(em, this.outbox, {
            name: command.name,
            email,
            passwordHash,
            referredById: referrer?.id ?? null,
          });
          return { id: user.id };
        }),
      );
    } catch (error) {
      // Two sign-ups with one address at the same moment: the unique index decides.
      if (error instanceof UniqueConstraintViolationException) throw AccountErrors.emailInUse();
      throw error;
    }
  }
}
