import { Command } from '@nestjs/cqrs';

/** Moderation (CLI): suspend or lift the suspension of the account with this email. */
export class SetAccountSuspensionCommand extends Command<{ userId: string; changed: boolean }> {
  constructor(
    readonly email: string,
    readonly suspended: boolean,
  ) {
    super();
  }
}
