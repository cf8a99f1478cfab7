import { Command } from '@nestjs/cqrs';

/** `userId` answers `interestedId`'s interest with "Not for me". */
export class DeclineInterestCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly interestedId: string,
  ) {
    super();
  }
}
