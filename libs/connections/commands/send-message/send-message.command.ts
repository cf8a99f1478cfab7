import { Command } from '@nestjs/cqrs';
import type { MessageView } from '../../message.repository.js';

export class SendMessageCommand extends Command<MessageView> {
  constructor(
    readonly userId: string,
    readonly connectionId: string,
    readonly text: string,
    readonly clientId: string | null,
  ) {
    super();
  }
}
