import { DomainError } from '../shared/domain-error.js';

/** The spec's 404s for POST /match/new: `error` carries the reason code the SPA switches on. */
export const MatchingErrors = {
  noQuiz: () => new DomainError('not-found', 'no quiz', "You haven't taken the quiz yet!"),
  noProfile: () => new DomainError('not-found', 'no profile', "You haven't filled out your profile yet!"),
  notVerified: () =>
    new DomainError('forbidden', 'Forbidden', 'Please verify your email to see your matches'),
  invalidDay: (value: string) =>
    new DomainError('invalid', 'Bad Request', `Not a calendar day (YYYY-MM-DD): ${value}`),
};
