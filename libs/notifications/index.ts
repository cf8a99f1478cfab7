/** What other contexts may use of notifications; everything else in libs/notifications is its own (.dependency-cruiser.cjs). */
export * from './mailer.js';
export * from './templates/compatible-signup-mail.js';
export * from './templates/password-reset-mail.js';
export * from './templates/verification-mail.js';
export * from './templates/connection-mails.js';
