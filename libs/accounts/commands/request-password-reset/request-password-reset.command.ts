import { Command } from '@nestjs/cqrs';

export class RequestPasswordResetCommand extends Command<{ sent: true }> {
  constructor(readonly email: string) {
    super();
  }
}
