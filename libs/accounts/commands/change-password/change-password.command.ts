import { Command } from '@nestjs/cqrs';

export class ChangePasswordCommand extends Command<{ changed: true }> {
  constructor(
    readonly userId: string,
    readonly currentPassword: string,
    readonly newPassword: string,
    /** The refresh token of the asking browser: its sign-in stays, every other one ends. */
    readonly refreshToken: string | undefined,
  ) {
    super();
  }
}
