import { Command } from '@nestjs/cqrs';

export class NameAccountCommand extends Command<{ name: string }> {
  constructor(
    readonly userId: string,
    readonly name: string,
  ) {
    super();
  }
}
