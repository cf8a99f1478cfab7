import { Command } from '@nestjs/cqrs';
import type { ReportReason } from '../../report-reasons.js';

export class ReportUserCommand extends Command<{ reported: true }> {
  constructor(
    readonly userId: string,
    readonly reportedUserId: string,
    readonly reason: ReportReason,
    readonly note: string | null,
    /** A message of their conversation that the report is about. */
    readonly messageId: string | null = null,
  ) {
    super();
  }
}
