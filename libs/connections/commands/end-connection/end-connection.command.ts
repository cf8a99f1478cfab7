import { Command } from '@nestjs/cqrs';

/** Unmatch: the conversation is gone for both, and the pair never meets again. */
export class EndConnectionCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly connectionId: string,
  ) {
    super();
  }
}
