import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { EmailVerified } from '../../libs/accounts/events/email-verified.event.js';
import { UserRegistered } from '../../libs/accounts/events/user-registered.event.js';
import { PasswordHasher } from '../../libs/accounts/password-hasher.js';
import { newReferralCode } from '../../libs/accounts/secret-token.js';
import { User } from '../../libs/accounts/user.entity.js';
import { normalizeEmail } from '../../libs/accounts/user.repository.js';
import { UploadImageCommand } from '../../libs/images/commands/upload-image/upload-image.command.js';
import { Outbox } from '../../libs/messaging/outbox.js';
import { ProfileUpdated } from '../../libs/profiles/events/profile-updated.event.js';
import { Profile } from '../../libs/profiles/profile.entity.js';
import { QuizSubmitted } from '../../libs/quiz/events/quiz-submitted.event.js';
import { QuizAnswers } from '../../libs/quiz/quiz-answers.js';
import { QuizResponseRepository } from '../../libs/quiz/quiz-response.repository.js';
import { seedAvatar } from './avatar.js';
import { seedRequests } from './seed-requests.js';
import type { SeedUser } from './seed-user-generator.js';

/** Users per transaction: large enough to amortise the round trips, small enough to keep memory flat. */
export const BULK_BATCH = 500;

/**
 * The fast path for large seeds (--bulk, and the benchmark): one transaction per batch of users instead
 * of five per user. It still builds each user from the domain's own pieces — the API's DTO validation,
 * the User and Profile entities, the referral code and email rules, QuizAnswers, the quiz repository —
 * and records the same events through the outbox (UserRegistered, EmailVerified, ProfileUpdated,
 * QuizSubmitted), so consumers see exactly what one-by-one sign-ups would have produced. What it skips is
 * the per-request plumbing: the verification token (the account is marked verified as VerifyEmail
 * would) and one transaction per step.
 */
export class BulkSeeder {
  private readonly orm: MikroORM;
  private readonly outbox: Outbox;
  private readonly quiz: QuizResponseRepository;
  private readonly commands: CommandBus;
  private readonly passwordHash: Promise<string>;

  constructor(
    app: INestApplicationContext,
    private readonly options: { seed: number; password: string; avatars: boolean },
  ) {
    this.orm = app.get(MikroORM);
    this.outbox = app.get(Outbox);
    this.quiz = app.get(QuizResponseRepository, { strict: false });
    this.commands = app.get(CommandBus);
    this.passwordHash = app.get(PasswordHasher, { strict: false }).hash(options.password);
  }

  /** Seeds a batch; users whose email exists already are skipped. Returns how many were created. */
  async seedBatch(users: SeedUser[]): Promise<{ created: number; existing: number }> {
    const passwordHash = await this.passwordHash;
    const planned = users.map((user) => ({ user, requests: seedRequests(user, this.options.password) }));
    const created = await this.orm.em.fork().transactional(async (em) => {
      const emails = planned.map(({ requests }) => normalizeEmail(requests.register.email));
      const taken = new Set(
        (await em.find(User, { email: { $in: emails } }, { fields: ['email'] })).map((u) => u.email),
      );
      const now = new Date();
      const fresh = planned
        .filter(({ requests }) => !taken.has(normalizeEmail(requests.register.email)))
        .map((plan) => {
          const user = new User();
          user.name = plan.requests.register.name;
          user.email = normalizeEmail(plan.requests.register.email);
          user.passwordHash = passwordHash;
          user.referralCode = newReferralCode();
          user.createdAt = now;
          em.persist(user);
          this.outbox.record(
            em,
            new UserRegistered(user.id, { name: user.name, email: user.email, referredById: null }),
          );
          if (plan.user.stage !== 'registered') {
            user.emailVerifiedAt = now;
            this.outbox.record(em, new EmailVerified(user.id, { email: user.email, referredById: null }));
          }
          return { ...plan, userId: user.id };
        });
      await em.flush();

      const profiled = fresh.filter(({ user }) => user.stage === 'profiled' || user.stage === 'complete');
      const profiles = profiled.map(({ requests, userId }) => ({ userId, ...requests.profile(userId), updatedAt: now }));
      if (profiles.length > 0) await em.insertMany(Profile, profiles);
      for (const { userId, gender, preferredSex, bio } of profiles)
        this.outbox.record(em, new ProfileUpdated(userId, { userId, gender, preferredSex, bio }));

      for (const { user, requests, userId } of fresh) {
        if (user.stage !== 'complete') continue;
        const answers = QuizAnswers.fromSubmission(requests.quiz(userId));
        await this.quiz.save(em, userId, answers.choices, now);
        this.outbox.record(em, new QuizSubmitted(userId, { choices: [...answers.choices] }));
      }
      await em.flush();
      return fresh;
    });

    if (this.options.avatars) {
      for (const { user, userId } of created) {
        await this.commands.execute(
          new UploadImageCommand(userId, await seedAvatar(user, this.options.seed)),
        );
      }
    }
    return { created: created.length, existing: users.length - created.length };
  }
}
