/** An unverified sign-up older than this no longer holds its email: registering it again replaces it. */
export const UNVERIFIED_EMAIL_HOLD_MS = 24 * 60 * 60 * 1000;
/** The daily purge deletes unverified accounts older than this. */
export const UNVERIFIED_ACCOUNT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
