import { Command } from '@nestjs/cqrs';

export interface SignedIn {
  accessToken: string;
  verification: boolean;
  id: string;
  /** Only when the account has no name (reclaimed by a password reset): the client asks for one. */
  nameRequired?: true;
  /** Goes to the httpOnly cookie only, never into a response body. */
  refreshToken: string;
  /** Whether that cookie outlives the browser session. */
  persistent: boolean;
}

export class LogInCommand extends Command<SignedIn> {
  constructor(
    readonly email: string,
    readonly password: string,
    /** 'Remember me': the sign-in outlives the browser session. */
    readonly persistent: boolean,
  ) {
    super();
  }
}
