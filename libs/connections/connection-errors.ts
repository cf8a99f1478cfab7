import { DomainError, NotFoundError, ThrottledError } from '../shared/domain-error.js';

export const ConnectionErrors = {
  selfInterest: () => new DomainError('invalid', 'self-interest', 'You cannot be interested in yourself'),
  /** A stranger, a blocked, unmatched, suspended or deleted member: all the same to the asker. */
  unknownPerson: () => new NotFoundError('No such person'),
  unknownConnection: () => new NotFoundError('No such conversation'),
  unknownMessage: () => new NotFoundError('No such message'),
  /** `retryAfterSeconds`: until the member's oldest message of the minute is a minute old. */
  tooManyMessages: (retryAfterSeconds?: number) =>
    new ThrottledError(
      'too-many-messages',
      'You are sending messages too fast. Please wait a moment.',
      retryAfterSeconds,
    ),
};
