import { AccountDeleted, AccountSuspended, SessionsEnded } from '../../accounts/index.js';
import { Consumes, type EventConsumer } from '../../messaging/consumes.decorator.js';
import { RealtimeNotifier } from '../realtime/realtime-notifier.js';

type AccountEnded = AccountSuspended | AccountDeleted | SessionsEnded;

/**
 * A suspended or deleted member's sockets are closed on every gateway, and their handshakes refused from then on;
 * so are the sockets of a member whose sign-ins were ended (a password change or reset): a socket opened with an
 * old token must not go on receiving messages. The sockets of the token a password change was asked with stay.
 */
@Consumes(AccountSuspended, AccountDeleted, SessionsEnded)
export class CloseSocketsWhenAccountEnds implements EventConsumer<AccountEnded> {
  constructor(private readonly notifier: RealtimeNotifier) {}

  async handle(event: AccountEnded): Promise<void> {
    const keep = 'keptTokenId' in event.payload ? event.payload.keptTokenId : undefined;
    await this.notifier.disconnect(event.payload.userId, keep);
  }
}
