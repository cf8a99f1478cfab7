import { DomainError, NotFoundError } from '../shared/domain-error.js';

export const SafetyErrors = {
  selfBlock: () => new DomainError('invalid', 'self-block', 'You cannot block yourself'),
  selfReport: () => new DomainError('invalid', 'self-report', 'You cannot report yourself'),
  unknownUser: () => new NotFoundError('No such person'),
  notAMatch: () =>
    new DomainError('forbidden', 'Forbidden', 'You can only report people you were shown as a match'),
  unknownReport: () => new NotFoundError('No such report'),
};
