import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { EmailVerified, UserRegistered, UserRepository, type User } from '../../../accounts/index.js';
import type { EventMetadata, IntegrationEvent } from '../../../messaging/integration-event.js';
import { ProfileRepository, ProfileUpdated, type Profile } from '../../../profiles/index.js';
import { QuizResponseRepository, QuizSubmitted } from '../../../quiz/index.js';
import { MemberRepository } from '../../members/member.repository.js';

/** The requester as the accounts, profiles and quiz contexts know them now. */
export interface RequesterFacts {
  userId: string;
  user: User | null;
  profile: Profile | null;
  quiz: { choices: number[]; submittedAt: Date } | null;
}

/**
 * POST /match/new asks the owners of each fact, not matching's read model: the requester's events may
 * still be on their way (a quiz submitted a moment ago). Before matching them, it brings the requester's
 * own read-model row up to date with the same upserts those events make (an older stamp changes nothing).
 */
@Injectable()
export class Requester {
  constructor(
    private readonly users: UserRepository,
    private readonly profiles: ProfileRepository,
    private readonly quiz: QuizResponseRepository,
    private readonly members: MemberRepository,
  ) {}

  async facts(em: EntityManager, userId: string): Promise<RequesterFacts> {
    const [user, profile, quiz] = await Promise.all([
      this.users.findById(userId, em),
      this.profiles.findByUserId(userId, em),
      this.quiz.findResponse(em, userId),
    ]);
    return { userId, user, profile, quiz };
  }

  async catchUp(em: EntityManager, { userId, user, profile, quiz }: RequesterFacts): Promise<void> {
    if (!user) return;
    // The events the owners' current state amounts to, stamped with when that state was written.
    const events: IntegrationEvent[] = [
      new UserRegistered(userId, { name: user.name, email: user.email, referredById: user.referredById }),
    ];
    if (user.emailVerifiedAt)
      events.push(new EmailVerified(userId, { email: user.email, referredById: user.referredById }));
    if (profile) {
      const { gender, preferredSex, bio, updatedAt } = profile;
      events.push(new ProfileUpdated(userId, { userId, gender, preferredSex, bio }, stamp(updatedAt)));
    }
    if (quiz) events.push(new QuizSubmitted(userId, { choices: quiz.choices }, stamp(quiz.submittedAt)));
    await em.transactional((tx) => this.members.recordEvents(tx, events));
  }
}

function stamp(occurredAt: Date): EventMetadata {
  return { eventId: randomUUID(), occurredAt };
}
