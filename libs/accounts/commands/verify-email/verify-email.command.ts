import { Command } from '@nestjs/cqrs';

export class VerifyEmailCommand extends Command<{ verified: true }> {
  constructor(
    readonly userId: string,
    readonly token: string,
  ) {
    super();
  }
}
