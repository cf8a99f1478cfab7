import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { BlockRepository, type BlockedPerson } from '../../block.repository.js';
import { ListBlocksQuery } from './list-blocks.query.js';

@QueryHandler(ListBlocksQuery)
export class ListBlocksHandler implements IQueryHandler<ListBlocksQuery> {
  constructor(
    private readonly orm: MikroORM,
    private readonly blocks: BlockRepository,
  ) {}

  execute(query: ListBlocksQuery): Promise<BlockedPerson[]> {
    return this.blocks.listOf(this.orm.em.fork(), query.userId);
  }
}
