import { Command } from '@nestjs/cqrs';

export interface Refreshed {
  accessToken: string;
  verification: boolean;
  refreshToken: string;
}

export class RefreshSessionCommand extends Command<Refreshed> {
  constructor(readonly refreshToken: string | undefined) {
    super();
  }
}
