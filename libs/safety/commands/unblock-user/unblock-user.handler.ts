import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { BlockRepository } from '../../block.repository.js';
import { UserUnblocked } from '../../events/user-unblocked.event.js';
import { UnblockUserCommand } from './unblock-user.command.js';

/** Lifts the caller's own block only (a block the other person made stays). Idempotent. */
@CommandHandler(UnblockUserCommand)
export class UnblockUserHandler implements ICommandHandler<UnblockUserCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly blocks: BlockRepository,
    private readonly outbox: Outbox,
  ) {}

  async execute(command: UnblockUserCommand): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      if (await this.blocks.remove(em, command.userId, command.blockedUserId)) {
        this.outbox.record(
          em,
          new UserUnblocked(command.userId, { userId: command.userId, blockedUserId: command.blockedUserId }),
        );
      }
    });
  }
}
