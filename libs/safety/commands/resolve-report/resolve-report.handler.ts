import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { SetAccountSuspensionCommand } from '../../../accounts/index.js';
import { ReportRepository, type Report } from '../../report.repository.js';
import { SafetyErrors } from '../../safety-errors.js';
import { ResolveReportCommand } from './resolve-report.command.js';
import { isUuid } from '../../../shared/http/is-id.js';

@CommandHandler(ResolveReportCommand)
export class ResolveReportHandler implements ICommandHandler<ResolveReportCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly reports: ReportRepository,
    private readonly commands: CommandBus,
  ) {}

  /**
   * Only an open report is resolved, once: the report's update is conditional on its being open, so a second
   * resolution (or a moderator racing another) changes nothing and is told so. Accounts suspends in its own
   * transaction, before the report is closed: a failure or a crash in between leaves an open report on a
   * suspended account, which the same command finishes (suspending again changes nothing), never a report
   * that says "suspended" about an account that is not.
   */
  async execute(command: ResolveReportCommand): Promise<Report> {
    const em = this.orm.em.fork();
    const report = isUuid(command.reportId) ? await this.reports.find(em, command.reportId) : null;
    if (!report) throw SafetyErrors.unknownReport();
    if (report.status !== 'open') throw SafetyErrors.reportResolved(report);
    if (command.outcome === 'suspend') {
      await this.commands.execute(new SetAccountSuspensionCommand(report.reportedEmail, true));
    }
    const status = command.outcome === 'suspend' ? 'suspended' : 'dismissed';
    const resolved = await this.reports.resolveIfOpen(em, report.id, status);
    const now = (await this.reports.find(em, report.id)) ?? report;
    if (!resolved)
      throw SafetyErrors.reportResolved(
        now,
        command.outcome === 'suspend' ? `; ${report.reportedEmail} is suspended all the same` : '',
      );
    return now;
  }
}
