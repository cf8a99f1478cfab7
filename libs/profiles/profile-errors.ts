import { DomainError } from '../shared/domain-error.js';

export const ProfileErrors = {
  /** `error` carries the reason code the SPA switches on (design.md, match/new). */
  noProfile: () => new DomainError('not-found', 'no profile', "You haven't filled out your profile yet!"),
  notViewable: () => new DomainError('forbidden', 'Forbidden', 'You can only see your own profile and your matches'),
};
