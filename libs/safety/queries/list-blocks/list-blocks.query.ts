import { Query } from '@nestjs/cqrs';
import type { BlockedPerson } from '../../block.repository.js';

export class ListBlocksQuery extends Query<BlockedPerson[]> {
  constructor(readonly userId: string) {
    super();
  }
}
