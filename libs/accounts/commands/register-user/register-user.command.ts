import { Command } from '@nestjs/cqrs';

export class RegisterUserCommand extends Command<{ id: string }> {
  constructor(
    readonly name: string,
    readonly email: string,
    readonly password: string,
    readonly referralCode: string | undefined,
  ) {
    super();
  }
}
