import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { ConnectionErrors } from '../../connection-errors.js';
import { InterestRepository } from '../../interest.repository.js';
import { DeclineInterestCommand } from './decline-interest.command.js';

/** Takes an interest off the target's list for good; the interested person sees nothing change. */
@CommandHandler(DeclineInterestCommand)
export class DeclineInterestHandler implements ICommandHandler<DeclineInterestCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly interests: InterestRepository,
  ) {}

  async execute({ userId, interestedId }: DeclineInterestCommand): Promise<void> {
    if (!(await this.interests.decline(this.orm.em.fork(), interestedId, userId)))
      throw ConnectionErrors.unknownPerson();
  }
}
