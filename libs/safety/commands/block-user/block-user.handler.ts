import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { KnownPeople } from '../../known-people.js';
import { Outbox } from '../../../messaging/outbox.js';
import { BlockRepository } from '../../block.repository.js';
import { UserBlocked } from '../../events/user-blocked.event.js';
import { SafetyErrors } from '../../safety-errors.js';
import { BlockUserCommand } from './block-user.command.js';

/**
 * Idempotent: blocking someone twice is one block and one UserBlocked. Only someone you know can be blocked
 * (KnownPeople): anyone else answers exactly as an id nobody has, so a block tells nobody whether an account
 * exists.
 */
@CommandHandler(BlockUserCommand)
export class BlockUserHandler implements ICommandHandler<BlockUserCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly known: KnownPeople,
    private readonly blocks: BlockRepository,
    private readonly outbox: Outbox,
  ) {}

  async execute(command: BlockUserCommand): Promise<{ blocked: true }> {
    if (command.userId === command.blockedUserId) throw SafetyErrors.selfBlock();
    await this.orm.em.fork().transactional(async (em) => {
      if (!(await this.known.knows(em, command.userId, command.blockedUserId)))
        throw SafetyErrors.unknownUser();
      await blockIn(em, this.blocks, this.outbox, command.userId, command.blockedUserId);
    });
    return { blocked: true };
  }
}

/** The block and its event in the caller's transaction (reports block too). */
export async function blockIn(
  em: Parameters<BlockRepository['add']>[0],
  blocks: BlockRepository,
  outbox: Outbox,
  userId: string,
  blockedUserId: string,
): Promise<void> {
  if (await blocks.add(em, userId, blockedUserId)) {
    outbox.record(em, new UserBlocked(userId, { userId, blockedUserId }));
  }
}
