import { Command } from '@nestjs/cqrs';

export class MarkReadCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly connectionId: string,
    readonly messageId: string,
  ) {
    super();
  }
}
