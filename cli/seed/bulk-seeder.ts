import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import {
  addAccount,
  withFreshReferralCodes,
  markEmailVerified,
  PasswordHasher,
  User,
  normalizeEmail,
} from '../../libs/accounts/index.js';
import { UploadImageCommand } from '../../libs/images/index.js';
import { Outbox } from '../../libs/messaging/outbox.js';
import { saveProfiles } from '../../libs/profiles/index.js';
import { saveQuizAnswers, QuizAnswers, QuizResponseRepository } from '../../libs/quiz/index.js';
import { seedAvatar } from './avatar.js';
import { seedRequests } from './seed-requests.js';
import type { SeedUser } from './seed-user-generator.js';

/** Users per transaction: large enough to amortise the round trips, small enough to keep memory flat. */
export const BULK_BATCH = 500;

/**
 * The fast path for large seeds (--bulk, and the benchmark): one transaction per batch of users instead
 * of five per user. Each step is the handler's own write (addAccount, markEmailVerified, saveProfiles,
 * saveQuizAnswers: the rows and the events UserRegistered, EmailVerified, ProfileUpdated, QuizSubmitted)
 * on what the API's DTOs validated, so consumers see exactly what one-by-one sign-ups would have produced.
 * What it skips is the per-request plumbing: the verification token (the account is marked verified as
 * VerifyEmail would) and one transaction per step.
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
  /** Seeds the batch's people not there yet; `fresh` is who was created (the others are left as they are). */
  async seedBatch(users: SeedUser[]): Promise<{ created: number; existing: number; fresh: SeedUser[] }> {
    const passwordHash = await this.passwordHash;
    const planned = users.map((user) => ({ user, requests: seedRequests(user, this.options.password) }));
    const created = await withFreshReferralCodes(() =>
      this.orm.em.fork().transactional(async (em) => {
        const emails = planned.map(({ requests }) => normalizeEmail(requests.register.email));
        const taken = new Set(
          (await em.find(User, { email: { $in: emails } }, { fields: ['email'] })).map((u) => u.email),
        );
        const now = new Date();
        const fresh = planned
          .filter(({ requests }) => !taken.has(normalizeEmail(requests.register.email)))
          .map((plan) => {
            const user = addAccount(em, this.outbox, {
              name: plan.requests.register.name,
              email: plan.requests.register.email,
              passwordHash,
              referredById: null,
              createdAt: now,
            });
            if (plan.user.stage !== 'registered') markEmailVerified(em, this.outbox, user, now);
            return { ...plan, userId: user.id };
          });
        await em.flush();

        const profiled = fresh.filter(({ user }) => user.stage === 'profiled' || user.stage === 'complete');
        await saveProfiles(
          em,
          this.outbox,
          profiled.map(({ requests, userId }) => ({ userId, fields: requests.profile(userId) })),
          now,
        );

        const complete = fresh.filter(({ user }) => user.stage === 'complete');
        await saveQuizAnswers(
          em,
          { responses: this.quiz, outbox: this.outbox },
          complete.map(({ requests, userId }) => ({
            userId,
            answers: QuizAnswers.fromSubmission(requests.quiz(userId)),
          })),
          now,
        );
        await em.flush();
        return fresh;
      }),
    );

    if (this.options.avatars) {
      for (const { user, userId } of created) {
        await this.commands.execute(
          new UploadImageCommand(userId, await seedAvatar(user, this.options.seed)),
        );
      }
    }
    return {
      created: created.length,
      existing: users.length - created.length,
      fresh: created.map(({ user }) => user),
    };
  }
}
