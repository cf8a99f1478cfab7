import { Command } from '@nestjs/cqrs';

/** Sends a fresh verification link to the account's own address (never to an address from the request). */
export class RequestVerificationEmailCommand extends Command<{ sent: true }> {
  constructor(readonly userId: string) {
    super();
  }
}
