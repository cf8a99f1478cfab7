import { Command } from '@nestjs/cqrs';

export class BlockUserCommand extends Command<{ blocked: true }> {
  constructor(
    readonly userId: string,
    readonly blockedUserId: string,
  ) {
    super();
  }
}
