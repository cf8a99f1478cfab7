import { DomainError } from '../shared/domain-error.js';

export const ProfileErrors = {
  /** `error` carries the reason code the SPA switches on (design.md, match/new). */
  noProfile: () => new DomainError('not-found', 'no profile', "You haven't filled out your profile yet!"),
  /** Blocked either way, suspended or deleted: as if there were no such person. */
  hidden: () => new DomainError('not-found', 'Not Found', 'This profile is not available'),
};
