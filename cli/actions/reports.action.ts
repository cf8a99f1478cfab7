import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ResolveReportCommand, ListReportsQuery, type Report } from '../../libs/safety/index.js';
import type { CliContext } from '../context/cli-context.js';
import type { Output } from '../ui/output.js';
import { printable } from '../ui/printable.js';

export async function listReportsAction(
  context: CliContext,
  options: { openOnly: boolean; json?: boolean },
  out: Output,
): Promise<Report[]> {
  const reports = await context.app.get(QueryBus).execute(new ListReportsQuery(options.openOnly));
  if (options.json) {
    out.json(reports);
    return reports;
  }
  if (reports.length === 0) out.line(options.openOnly ? 'No open reports.' : 'No reports.');
  for (const report of reports) describe(report, out);
  return reports;
}

export async function resolveReportAction(
  context: CliContext,
  options: { id: string; outcome: 'dismiss' | 'suspend' },
  out: Output,
): Promise<Report> {
  const report = await context.app
    .get(CommandBus)
    .execute(new ResolveReportCommand(options.id, options.outcome));
  out.line(
    options.outcome === 'suspend'
      ? `Report ${report.id} resolved: ${printable(report.reportedEmail)} is suspended.`
      : `Report ${report.id} dismissed.`,
  );
  return report;
}

function describe(report: Report, out: Output): void {
  out.line(
    `${report.id}  ${report.status.padEnd(9)}  ${report.createdAt.slice(0, 16).replace('T', ' ')}  ${report.reason}`,
  );
  out.line(`  reported: ${printable(report.reportedName)} <${printable(report.reportedEmail)}>`);
  out.line(`  by:       ${printable(report.reporterEmail)}`);
  if (report.note) out.line(`  note:     ${printable(report.note)}`);
  if (report.messageText) out.line(`  message:  ${printable(report.messageText)}`);
}
