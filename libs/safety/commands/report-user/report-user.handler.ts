import { ModuleRef } from '@nestjs/core';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { BlockRepository } from '../../block.repository.js';
import { KnownPeople } from '../../known-people.js';
import { ReportRepository } from '../../report.repository.js';
import { ReportedMessages } from '../../reported-messages.port.js';
import { SafetyErrors } from '../../safety-errors.js';
import { blockIn } from '../block-user/block-user.handler.js';
import { ReportUserCommand } from './report-user.command.js';

/**
 * A report goes to the moderation queue and blocks the person at once; while it is open, reporting the same
 * person again adds nothing. Only someone you know can be reported (KnownPeople): anyone else answers as an id
 * nobody has. A report may point at a message they sent you: its text goes to the moderators with it.
 */
@CommandHandler(ReportUserCommand)
export class ReportUserHandler implements ICommandHandler<ReportUserCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly known: KnownPeople,
    private readonly reports: ReportRepository,
    private readonly blocks: BlockRepository,
    private readonly outbox: Outbox,
    private readonly modules: ModuleRef,
  ) {}

  async execute(command: ReportUserCommand): Promise<{ reported: true }> {
    if (command.userId === command.reportedUserId) throw SafetyErrors.selfReport();
    await this.orm.em.fork().transactional(async (em) => {
      if (!(await this.known.knows(em, command.userId, command.reportedUserId)))
        throw SafetyErrors.unknownUser();
      await this.reports.add(em, {
        reporterId: command.userId,
        reportedUserId: command.reportedUserId,
        reason: command.reason,
        note: command.note,
        messageText: command.messageId ? await this.messageText(em, command) : null,
      });
      await blockIn(em, this.blocks, this.outbox, command.userId, command.reportedUserId);
    });
    return { reported: true };
  }

  private async messageText(em: EntityManager, command: ReportUserCommand): Promise<string> {
    // Connections provides the port; a process without conversations has no message to quote.
    const messages = this.modules.get(ReportedMessages, { strict: false }) as ReportedMessages | undefined;
    const text = await messages?.textOf(em, command.messageId!, command.reportedUserId, command.userId);
    if (text === undefined) throw SafetyErrors.unknownMessage();
    return text;
  }
}
