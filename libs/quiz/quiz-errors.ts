import { DomainError } from '../shared/domain-error.js';

/** The spec's texts where it has them (section 8: 'Missing answer for Q{n}'). */
export const QuizErrors = {
  missingAnswer: (questionId: number) =>
    new DomainError('invalid', 'Bad Request', `Missing answer for Q${questionId}`),
  duplicateAnswer: (questionId: number) =>
    new DomainError('invalid', 'Bad Request', `Q${questionId} is answered more than once`),
  notVerified: () =>
    new DomainError('forbidden', 'Forbidden', 'Please verify your email before taking the quiz'),
};
