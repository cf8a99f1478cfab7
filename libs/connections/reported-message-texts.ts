import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { ReportedMessages } from '../safety/index.js';
import { MessageRepository } from './message.repository.js';

/** Connections' answer to a report's `messageId`: the text, only if the reported member sent it to the reporter. */
@Injectable()
export class ReportedMessageTexts extends ReportedMessages {
  constructor(private readonly messages: MessageRepository) {
    super();
  }

  textOf(
    em: EntityManager,
    messageId: string,
    reportedUserId: string,
    reporterId: string,
  ): Promise<string | undefined> {
    return this.messages.textSentTo(em, messageId, reportedUserId, reporterId);
  }
}
