import { Command } from '@nestjs/cqrs';
import type { Report } from '../../report.repository.js';

/** Moderation (CLI): dismiss a report, or uphold it by suspending the reported account. */
export class ResolveReportCommand extends Command<Report> {
  constructor(
    readonly reportId: string,
    readonly outcome: 'dismiss' | 'suspend',
  ) {
    super();
  }
}
