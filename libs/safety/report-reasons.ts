/** The reasons a member can give for a report (design.md), as sent by the SPA. */
export const REPORT_REASONS = [
  'fake-profile',
  'harassment',
  'inappropriate-photo',
  'underage',
  'scam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_NOTE_MAX = 1000;
