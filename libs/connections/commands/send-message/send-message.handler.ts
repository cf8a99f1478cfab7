import { randomUUID } from 'node:crypto';
import { Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { ConnectionAccess } from '../../connection-access.js';
import { ConnectionNews } from '../../connection-news.js';
import { MessageSent } from '../../events/message-sent.event.js';
import { MessageRepository, type MessageView } from '../../message.repository.js';
import { SendMessageCommand } from './send-message.command.js';
import { Metrics } from '../../../shared/observability/metrics.js';
import { PerUserBudget } from '../../../shared/http/per-user-throttle.js';
import { ConnectionErrors } from '../../connection-errors.js';

/** 30 messages a minute per member: a conversation's pace, not a flood. */
const MESSAGES_PER_MINUTE = 30;

/**
 * Stores the message and its outbox row, in one statement, before anyone is told; a repeated clientId is the
 * first message. Only messages count towards the member's 30 a minute: a refused text (400, at the edge), a
 * conversation one is not in (404) and a repeated clientId (a retry) take nothing from it.
 */
@CommandHandler(SendMessageCommand)
export class SendMessageHandler implements ICommandHandler<SendMessageCommand> {
  private readonly pace: PerUserBudget;

  constructor(
    private readonly orm: MikroORM,
    private readonly access: ConnectionAccess,
    private readonly messages: MessageRepository,
    private readonly outbox: Outbox,
    private readonly news: ConnectionNews,
    @Optional() private readonly metrics?: Metrics,
  ) {
    // Counted in the database: the contract's limit, whichever gateways a member's messages go through.
    this.pace = PerUserBudget.shared(orm, 'messages', MESSAGES_PER_MINUTE, 60_000);
  }

  async execute(command: SendMessageCommand): Promise<MessageView> {
    const em = this.orm.em.fork();
    // A block that lands between the check and the write counts from the next message, as if it came a
    // moment later.
    const { connection, otherId } = await this.access.open(em, command.connectionId, command.userId);
    if (!(await this.pace.take(command.userId))) return this.retried(em, command);
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
    const { message, added } = await this.messages
      .add(
        em,
        {
          id,
          connectionId: connection.id,
          senderId: command.userId,
          text: command.text,
          clientId: command.clientId,
        },
        events,
      )
      .catch(async (error: unknown) => {
        await this.pace.giveBack(command.userId);
        throw error;
      });
    // A repeated clientId answers the first message: a retry, not a second message.
    if (!added) await this.pace.giveBack(command.userId);
    if (added) {
      this.outbox.written(em, events);
      this.metrics?.messagesSent.inc();
      this.news.messageSent(command.connectionId, message, otherId);
    }
    return message;
  }

  /** Past the member's 30 a minute, only a retry is answered: with the message its clientId already sent. */
  private async retried(em: EntityManager, { userId, clientId }: SendMessageCommand): Promise<MessageView> {
    const first = clientId === null ? undefined : await this.messages.sentWithClientId(em, userId, clientId);
    if (!first) throw ConnectionErrors.tooManyMessages();
    return first;
  }
}
