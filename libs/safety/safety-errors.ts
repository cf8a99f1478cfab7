import { DomainError, NotFoundError } from '../shared/domain-error.js';

export const SafetyErrors = {
  selfBlock: () => new DomainError('invalid', 'self-block', 'You cannot block yourself'),
  selfReport: () => new DomainError('invalid', 'self-report', 'You cannot report yourself'),
  unknownUser: () => new NotFoundError('No such person'),
  unknownReport: () => new NotFoundError('No such report'),
  unknownMessage: () => new NotFoundError('No such message'),
};
