import { randomUUID } from 'node:crypto';
import { Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { LRUCache } from 'lru-cache';
import { Outbox } from '../../../messaging/outbox.js';
import { ConnectionAccess } from '../../connection-access.js';
import { ConnectionNews } from '../../connection-news.js';
import { MessageSent } from '../../events/message-sent.event.js';
import { MessageRepository, type MessageView } from '../../message.repository.js';
import { SendMessageCommand } from './send-message.command.js';
import { Metrics } from '../../../shared/observability/metrics.js';
import { ConnectionErrors } from '../../connection-errors.js';

/** 30 messages in any minute per member: a conversation's pace, not a flood. */
const PACE = { limit: 30, windowMs: 60_000 };

/**
 * Stores the message, its place in the member's pace and its outbox row, in one statement, before anyone is
 * told; a clientId repeated in the conversation is the first message. Only messages count towards the member's
 * 30 a minute: a refused text (400, at the edge), a conversation one is not in (404) and a retry take nothing
 * from it. A member past the limit is refused from memory until their oldest message of the 30 is a minute
 * old, so a flood does not reach the database.
 */
@CommandHandler(SendMessageCommand)
export class SendMessageHandler implements ICommandHandler<SendMessageCommand> {
  private readonly pastLimit = new LRUCache<string, true>({ max: 100_000, ttl: PACE.windowMs });

  constructor(
    private readonly orm: MikroORM,
    private readonly access: ConnectionAccess,
    private readonly messages: MessageRepository,
    private readonly outbox: Outbox,
    private readonly news: ConnectionNews,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  async execute(command: SendMessageCommand): Promise<MessageView> {
    const em = this.orm.em.fork();
    // A block that lands between the check and the write counts from the next message, as if it came a
    // moment later.
    const { connection, otherId } = await this.access.open(em, command.connectionId, command.userId);
    if (this.pastLimit.has(command.userId)) return this.retried(em, command);
    const id = randomUUID();
    // Stored as published where no consumer needs it relayed (the embedded default).
    const events = this.outbox.rowsOf([
      new MessageSent(command.userId, {
        connectionId: connection.id,
        messageId: id,
        senderId: command.userId,
        recipientId: otherId,
      }),
    ]);
    const sending = await this.messages.add(
      em,
      {
        id,
        connectionId: connection.id,
        senderId: command.userId,
        text: command.text,
        clientId: command.clientId,
      },
      events,
      PACE,
    );
    if (sending.outcome === 'past-limit') {
      const ttl = Math.min(PACE.windowMs, sending.freeAt.getTime() - Date.now());
      if (ttl > 0) this.pastLimit.set(command.userId, true, { ttl });
      throw ConnectionErrors.tooManyMessages(retryAfter(ttl));
    }
    if (sending.outcome === 'added') {
      this.outbox.written(em, events);
      this.metrics?.messagesSent.inc();
      this.news.messageSent(command.connectionId, sending.message, otherId);
    }
    return sending.message;
  }

  /** Past the member's 30 a minute, only a retry is answered: with the message its clientId already sent. */
  private async retried(
    em: EntityManager,
    { userId, connectionId, clientId }: SendMessageCommand,
  ): Promise<MessageView> {
    const first =
      clientId === null
        ? undefined
        : await this.messages.sentWithClientId(em, connectionId, userId, clientId);
    if (!first) throw ConnectionErrors.tooManyMessages(retryAfter(this.pastLimit.getRemainingTTL(userId)));
    return first;
  }
}

/** Whole seconds, at least one: a client that waits that long may send again. */
function retryAfter(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
