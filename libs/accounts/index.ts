/** What other contexts may use of accounts; everything else in libs/accounts is its own (.dependency-cruiser.cjs). */
export * from './commands/suspend-account/set-account-suspension.command.js';
export * from './events/account-deleted.event.js';
export * from './events/account-named.event.js';
export * from './events/account-suspended.event.js';
export * from './events/account-unsuspended.event.js';
export * from './events/email-verified.event.js';
export * from './events/sessions-ended.event.js';
export * from './events/signed-out.event.js';
export * from './events/user-registered.event.js';
export * from './user.entity.js';
export * from './user.repository.js';
export * from './waitlist-standings.js';
// Sign-up and verification as the handlers do them, for the CLI's seeders (in bulk, without the mailbox).
export { addAccount, withFreshReferralCodes, type NewAccount } from './commands/register-user/add-account.js';
export { RegisterUserCommand } from './commands/register-user/register-user.command.js';
export { RegisterUserDto } from './commands/register-user/register-user.dto.js';
export { issueVerificationToken } from './commands/request-verification-email/issue-verification-token.js';
export { markEmailVerified } from './commands/verify-email/mark-email-verified.js';
export { VerifyEmailCommand } from './commands/verify-email/verify-email.command.js';
export { PasswordHasher } from './password-hasher.js';
