import { Command } from '@nestjs/cqrs';

export class UnblockUserCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly blockedUserId: string,
  ) {
    super();
  }
}
