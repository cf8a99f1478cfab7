/** What other contexts may use of accounts; everything else in libs/accounts is its own (.dependency-cruiser.cjs). */
export * from './commands/suspend-account/set-account-suspension.command.js';
export * from './events/account-deleted.event.js';
export * from './events/account-named.event.js';
export * from './events/account-suspended.event.js';
export * from './events/account-unsuspended.event.js';
export * from './events/email-verified.event.js';
export * from './events/user-registered.event.js';
export * from './user.entity.js';
export * from './user.repository.js';
export * from './waitlist-standings.js';
