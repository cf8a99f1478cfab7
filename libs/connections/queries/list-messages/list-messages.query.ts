import { Query } from '@nestjs/cqrs';
import type { MessageView } from '../../message.repository.js';

export class ListMessagesQuery extends Query<{ messages: MessageView[]; more: boolean }> {
  constructor(
    readonly userId: string,
    readonly connectionId: string,
    readonly beforeMessageId: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}
