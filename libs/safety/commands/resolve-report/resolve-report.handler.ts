import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { SetAccountSuspensionCommand } from '../../../accounts/index.js';
import { ReportRepository, type Report } from '../../report.repository.js';
import { SafetyErrors } from '../../safety-errors.js';
import { ResolveReportCommand } from './resolve-report.command.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@CommandHandler(ResolveReportCommand)
export class ResolveReportHandler implements ICommandHandler<ResolveReportCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly reports: ReportRepository,
    private readonly commands: CommandBus,
  ) {}

  async execute(command: ResolveReportCommand): Promise<Report> {
    const em = this.orm.em.fork();
    const report = UUID.test(command.reportId) ? await this.reports.find(em, command.reportId) : null;
    if (!report) throw SafetyErrors.unknownReport();
    if (command.outcome === 'suspend') {
      await this.commands.execute(new SetAccountSuspensionCommand(report.reportedEmail, true));
    }
    await this.reports.resolve(em, report.id, command.outcome === 'suspend' ? 'suspended' : 'dismissed');
    return (await this.reports.find(em, report.id))!;
  }
}
