import { AccountDeleted, AccountSuspended } from '../../accounts/index.js';
import { Consumes, type EventConsumer } from '../../messaging/consumes.decorator.js';
import { RealtimeNotifier } from '../realtime/realtime-notifier.js';

/** A suspended or deleted member's sockets are closed on every gateway, and their handshakes refused from then on. */
@Consumes(AccountSuspended, AccountDeleted)
export class CloseSocketsWhenAccountEnds implements EventConsumer<AccountSuspended | AccountDeleted> {
  constructor(private readonly notifier: RealtimeNotifier) {}

  async handle(event: AccountSuspended | AccountDeleted): Promise<void> {
    this.notifier.disconnect(event.payload.userId);
  }
}
