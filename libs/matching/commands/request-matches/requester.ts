import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { UserRepository, type User } from '../../../accounts/index.js';
import { ProfileRepository, type Profile } from '../../../profiles/index.js';
import { QuizResponseRepository } from '../../../quiz/index.js';
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
    await em.transactional(async (tx) => {
      await this.members.recordSignUp(tx, userId, user.name, user.email);
      if (user.emailVerifiedAt) await this.members.recordVerified(tx, userId);
      if (profile) {
        const { gender, preferredSex, bio, updatedAt } = profile;
        await this.members.recordProfile(tx, userId, { gender, preferredSex, bio, at: updatedAt });
      }
      if (quiz) await this.members.recordQuiz(tx, userId, { choices: quiz.choices, at: quiz.submittedAt });
    });
  }
}
