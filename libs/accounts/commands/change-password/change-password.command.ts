import { Command } from '@nestjs/cqrs';

/** The new sign-in of the browser that changed the password; every sign-in before it has ended. */
export interface PasswordChanged {
  changed: true;
  accessToken: string;
  /** For the cookie only, which outlives the browser session if the asking sign-in's did. */
  refreshToken: string;
  persistent: boolean;
}

export class ChangePasswordCommand extends Command<PasswordChanged> {
  constructor(
    readonly userId: string,
    readonly currentPassword: string,
    readonly newPassword: string,
    /** The access token the change was asked with: it keeps working until it expires; every other one ends. */
    readonly askedWith?: string,
    /** The sign-in it was asked from (the token's `sid`): the new one is remembered as that one was. */
    readonly signInId?: string,
  ) {
    super();
  }
}
