import type { QuizQuestion } from '../api/get-questions';
import type { SubmittedAnswer } from '../api/submit-answers';

export const QUIZ_LENGTH = 19;

export type Choices = Record<number, number>;

/**
 * Turns the picked choices into the payload, in question order. All 19 answers are required (spec §5, §8):
 * the first gap throws `Missing answer for Q{n}` so the caller can show it and jump there.
 */
export function buildAnswers(questions: readonly QuizQuestion[], choices: Choices): SubmittedAnswer[] {
  const answers: SubmittedAnswer[] = [];
  for (let n = 1; n <= QUIZ_LENGTH; n++) {
    const question = questions.find((q) => q.id === n);
    const choice = choices[n];
    const option = question?.answers.find((a) => a.choice === choice);
    if (!question || choice === undefined || !option) throw new MissingAnswerError(n);
    answers.push({ id: n, choice, txt: option.txt });
  }
  return answers;
}

export class MissingAnswerError extends Error {
  constructor(readonly questionId: number) {
    super(`Missing answer for Q${questionId}`);
    this.name = 'MissingAnswerError';
  }
}
