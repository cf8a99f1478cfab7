import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/**
 * One sign-in of the account ended (the member logged out, or its refresh token came back after it was rotated, so
 * someone holds a copy): the access tokens issued to it stop working, and sockets opened with them are closed.
 * `signInId` is the sign-in's refresh-token family, the tokens' `sid`; `keptTokenId`, the token a password change
 * kept working for this sign-in (issued to the one before it, so of another `sid`). aggregateId = userId.
 */
export class SignedOut extends IntegrationEvent<{ userId: string; signInId: string; keptTokenId?: string }> {
  static readonly type = 'SignedOut';
}
EventRegistry.register(SignedOut);
