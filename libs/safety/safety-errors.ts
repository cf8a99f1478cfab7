import { DomainError, NotFoundError } from '../shared/domain-error.js';

export const SafetyErrors = {
  selfBlock: () => new DomainError('invalid', 'self-block', 'You cannot block yourself'),
  selfReport: () => new DomainError('invalid', 'self-report', 'You cannot report yourself'),
  unknownUser: () => new NotFoundError('No such person'),
  unknownReport: () => new NotFoundError('No such report'),
  /** `meanwhile`: what this resolution did before another one closed the report first. */
  reportResolved: (report: { id: string; status: string; resolvedAt: string | null }, meanwhile = '') =>
    new DomainError(
      'conflict',
      'report-resolved',
      `Report ${report.id} is already resolved (${report.status}` +
        `${report.resolvedAt ? ` ${report.resolvedAt.slice(0, 16).replace('T', ' ')} UTC` : ''}); ` +
        `only an open report can be resolved${meanwhile}`,
    ),
  unknownMessage: () => new NotFoundError('No such message'),
};
