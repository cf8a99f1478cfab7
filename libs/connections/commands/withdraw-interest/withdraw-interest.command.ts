import { Command } from '@nestjs/cqrs';

export class WithdrawInterestCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly targetId: string,
  ) {
    super();
  }
}
