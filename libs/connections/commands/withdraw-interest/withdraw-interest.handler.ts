import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { InterestRepository } from '../../interest.repository.js';
import { WithdrawInterestCommand } from './withdraw-interest.command.js';

/** Withdraws a one-sided interest (idempotent; a mutual one is a connection, ended by unmatching). */
@CommandHandler(WithdrawInterestCommand)
export class WithdrawInterestHandler implements ICommandHandler<WithdrawInterestCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly interests: InterestRepository,
  ) {}

  async execute({ userId, targetId }: WithdrawInterestCommand): Promise<void> {
    await this.interests.withdraw(this.orm.em.fork(), userId, targetId);
  }
}
