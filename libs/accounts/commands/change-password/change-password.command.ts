import { Command } from '@nestjs/cqrs';

/** The new sign-in of the browser that changed the password; every sign-in before it has ended. */
export interface PasswordChanged {
  changed: true;
  accessToken: string;
  /** For the cookie only. */
  refreshToken: string;
}

export class ChangePasswordCommand extends Command<PasswordChanged> {
  constructor(
    readonly userId: string,
    readonly currentPassword: string,
    readonly newPassword: string,
    /** The access token the change was asked with: it keeps working until it expires; every other one ends. */
    readonly askedWith?: string,
  ) {
    super();
  }
}
