import { Command } from '@nestjs/cqrs';

export class ResetPasswordCommand extends Command<{ reset: true }> {
  constructor(
    readonly userId: string,
    readonly token: string,
    readonly password: string,
  ) {
    super();
  }
}
