import { api } from '@/lib/api-client';

export const REPORT_REASONS = [
  { value: 'fake-profile', label: 'Fake profile' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'inappropriate-photo', label: 'Inappropriate photo' },
  { value: 'underage', label: 'Under 18' },
  { value: 'scam', label: 'Scam or spam' },
  { value: 'other', label: 'Something else' },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];
export const REPORT_NOTE_MAX = 1000;

/** POST /block: from now on neither sees the other (idempotent); it ends their conversation too. */
export function blockUser(userId: string): Promise<{ blocked: true }> {
  return api.post('/block', { userId });
}

/**
 * POST /report: goes to our moderators and blocks the person (ending any conversation). A `messageId` of their
 * conversation puts that message's text in front of the moderators. Match cards and conversations share it.
 */
export function reportUser(input: {
  userId: string;
  reason: ReportReason;
  note?: string;
  messageId?: string;
}): Promise<{ reported: true }> {
  return api.post('/report', input);
}
