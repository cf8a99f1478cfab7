import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { UserRepository } from '../../../accounts/index.js';
import { MatchSetRepository } from '../../../matching/index.js';
import { Outbox } from '../../../messaging/outbox.js';
import { BlockRepository } from '../../block.repository.js';
import { ReportRepository } from '../../report.repository.js';
import { SafetyErrors } from '../../safety-errors.js';
import { blockIn } from '../block-user/block-user.handler.js';
import { ReportUserCommand } from './report-user.command.js';

/**
 * A report goes to the moderation queue and blocks the person at once; while it is open, reporting the same
 * person again adds nothing. Only matches can be reported: anyone else answers as an id nobody has.
 */
@CommandHandler(ReportUserCommand)
export class ReportUserHandler implements ICommandHandler<ReportUserCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly users: UserRepository,
    private readonly matchSets: MatchSetRepository,
    private readonly reports: ReportRepository,
    private readonly blocks: BlockRepository,
    private readonly outbox: Outbox,
  ) {}

  async execute(command: ReportUserCommand): Promise<{ reported: true }> {
    if (command.userId === command.reportedUserId) throw SafetyErrors.selfReport();
    await this.orm.em.fork().transactional(async (em) => {
      // Shown as a match at some point (matching's record), whatever happened since.
      const known =
        (await this.matchSets.wasShown(em, command.userId, command.reportedUserId)) &&
        (await this.users.findById(command.reportedUserId, em));
      if (!known) throw SafetyErrors.unknownUser();
      await this.reports.add(em, {
        reporterId: command.userId,
        reportedUserId: command.reportedUserId,
        reason: command.reason,
        note: command.note,
      });
      await blockIn(em, this.blocks, this.outbox, command.userId, command.reportedUserId);
    });
    return { reported: true };
  }
}
