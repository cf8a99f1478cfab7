import { DomainError } from '../shared/domain-error.js';

/** The spec's texts (section 8) are the messages. */
export const AccountErrors = {
  emailInUse: () => new DomainError('conflict', 'email-in-use', 'Email already in use'),
  invalidEmail: () => new DomainError('invalid', 'invalid-email', 'Not a valid email'),
  missingCredentials: () => new DomainError('invalid', 'missing-credentials', 'Missing email or password'),
  wrongCredentials: () =>
    new DomainError('unauthenticated', 'wrong-credentials', 'Email or password is incorrect'),
  invalidVerificationToken: () =>
    new DomainError(
      'invalid',
      'invalid-verification-token',
      'Your verification token has expired or is invalid. Please request a new verification email.',
    ),
  accountNotFound: () => new DomainError('not-found', 'account-not-found', 'Account not found'),
  alreadyVerified: () => new DomainError('conflict', 'already-verified', 'Your email is already verified'),
  invalidResetToken: () =>
    new DomainError('invalid', 'invalid token', 'This reset link has expired or is invalid.'),
  wrongPassword: () => new DomainError('forbidden', 'wrong password', 'Your password is incorrect'),
  alreadyNamed: () => new DomainError('conflict', 'already-named', 'This account already has a name'),
  suspended: () => new DomainError('forbidden', 'suspended', 'This account is suspended'),
  noSession: () =>
    new DomainError('unauthenticated', 'no-session', 'Your session has expired. Please sign in again.'),
};
