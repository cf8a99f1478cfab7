import { Command } from '@nestjs/cqrs';

export interface Refreshed {
  accessToken: string;
  verification: boolean;
  /** For the cookie only, with whether it outlives the browser session (as the sign-in's first did). */
  refreshToken: string;
  persistent: boolean;
}

export class RefreshSessionCommand extends Command<Refreshed> {
  constructor(readonly refreshToken: string | undefined) {
    super();
  }
}
