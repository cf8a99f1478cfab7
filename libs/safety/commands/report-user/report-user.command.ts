import { Command } from '@nestjs/cqrs';
import type { ReportReason } from '../../report-reasons.js';

export class ReportUserCommand extends Command<{ reported: true }> {
  constructor(
    readonly userId: string,
    readonly reportedUserId: string,
    readonly reason: ReportReason,
    readonly note: string | null,
  ) {
    super();
  }
}
