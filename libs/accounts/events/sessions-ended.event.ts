import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/**
 * Every sign-in of the account was ended (a password change or reset, a suspension): tokens issued before stop
 * working, and sockets opened with them are closed; `keptTokenId` names the one a password change was asked
 * with (its `jti`), which keeps working until it expires, its sockets too. aggregateId = userId.
 */
export class SessionsEnded extends IntegrationEvent<{ userId: string; keptTokenId?: string }> {
  static readonly type = 'SessionsEnded';
}
EventRegistry.register(SessionsEnded);
