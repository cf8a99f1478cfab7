import { Query } from '@nestjs/cqrs';
import type { MessageView } from '../../message.repository.js';

export interface ConnectionView {
  id: string;
  userId: string;
  name: string;
  imageUrl: string | null;
  connectedAt: string;
  lastMessage: MessageView | null;
  unread: number;
}

export class ListConnectionsQuery extends Query<ConnectionView[]> {
  constructor(readonly userId: string) {
    super();
  }
}
