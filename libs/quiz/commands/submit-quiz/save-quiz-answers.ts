import type { EntityManager } from '@mikro-orm/core';
import type { Outbox } from '../../../messaging/outbox.js';
import { QuizSubmitted } from '../../events/quiz-submitted.event.js';
import type { QuizAnswers } from '../../quiz-answers.js';
import type { QuizResponseRepository } from '../../quiz-response.repository.js';

/**
 * The write of "submit quiz", in the caller's transaction: each user's answers stored (replacing earlier
 * ones, one statement for all) and their QuizSubmitted. SubmitQuizHandler calls it for one verified user;
 * the bulk seeder for a batch.
 */
export async function saveQuizAnswers(
  em: EntityManager,
  writes: { responses: QuizResponseRepository; outbox: Outbox },
  submissions: readonly { userId: string; answers: QuizAnswers }[],
  at: Date = new Date(),
): Promise<void> {
  await writes.responses.saveMany(
    em,
    submissions.map(({ userId, answers }) => ({ userId, choices: answers.choices })),
    at,
  );
  for (const { userId, answers } of submissions)
    writes.outbox.record(em, new QuizSubmitted(userId, { choices: [...answers.choices] }));
}
