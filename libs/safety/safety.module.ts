import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { BlockRepository } from './block.repository.js';
import { KnownPeople } from './known-people.js';
import { ReportRepository } from './report.repository.js';
import { BlockUserHandler } from './commands/block-user/block-user.handler.js';
import { BlockUserController } from './commands/block-user/block-user.controller.js';
import { UnblockUserHandler } from './commands/unblock-user/unblock-user.handler.js';
import { UnblockUserController } from './commands/unblock-user/unblock-user.controller.js';
import { ReportUserHandler } from './commands/report-user/report-user.handler.js';
import { ReportUserController } from './commands/report-user/report-user.controller.js';
import { ResolveReportHandler } from './commands/resolve-report/resolve-report.handler.js';
import { ListBlocksHandler } from './queries/list-blocks/list-blocks.handler.js';
import { ListBlocksController } from './queries/list-blocks/list-blocks.controller.js';
import { ListReportsHandler } from './queries/list-reports/list-reports.handler.js';

/** Safety between members: blocks (both ways) and reports into the moderation queue. */
@Module({
  imports: [AccountsModule],
  controllers: [BlockUserController, UnblockUserController, ListBlocksController, ReportUserController],
  providers: [
    BlockRepository,
    KnownPeople,
    ReportRepository,
    BlockUserHandler,
    UnblockUserHandler,
    ReportUserHandler,
    ResolveReportHandler,
    ListBlocksHandler,
    ListReportsHandler,
  ],
  exports: [BlockRepository, ReportRepository],
})
export class SafetyModule {}
