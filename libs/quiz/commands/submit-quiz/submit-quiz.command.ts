import { Command } from '@nestjs/cqrs';

export class SubmitQuizCommand extends Command<{ submitted: true }> {
  constructor(
    readonly userId: string,
    readonly answers: readonly { id: number; choice: number }[],
  ) {
    super();
  }
}
