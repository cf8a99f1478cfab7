import { SignedOut } from '../../accounts/index.js';
import { Consumes, type EventConsumer } from '../../messaging/consumes.decorator.js';
import { RealtimeNotifier } from '../realtime/realtime-notifier.js';

/** A sign-in that ended (logged out, or its refresh token stolen) listens no more: its sockets are closed. */
@Consumes(SignedOut)
export class CloseSocketsWhenSignedOut implements EventConsumer<SignedOut> {
  constructor(private readonly notifier: RealtimeNotifier) {}

  async handle(event: SignedOut): Promise<void> {
    const { userId, signInId, keptTokenId } = event.payload;
    await this.notifier.disconnectSignIn(userId, signInId, keptTokenId);
  }
}
