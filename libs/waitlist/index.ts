/** What other contexts may use of waitlist; everything else in libs/waitlist is its own (.dependency-cruiser.cjs). */
export * from './queries/get-waitlist-standing/get-waitlist-standing.query.js';
