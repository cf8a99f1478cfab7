import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/** A message was stored; its text stays in the conversation, never in an event (aggregateId = the sender). */
export class MessageSent extends IntegrationEvent<{
  connectionId: string;
  messageId: string;
  senderId: string;
  recipientId: string;
}> {
  static readonly type = 'MessageSent';
}
EventRegistry.register(MessageSent);
