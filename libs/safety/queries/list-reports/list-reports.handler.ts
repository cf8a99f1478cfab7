import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { ReportRepository, type Report } from '../../report.repository.js';
import { ListReportsQuery } from './list-reports.query.js';

@QueryHandler(ListReportsQuery)
export class ListReportsHandler implements IQueryHandler<ListReportsQuery> {
  constructor(
    private readonly orm: MikroORM,
    private readonly reports: ReportRepository,
  ) {}

  execute(query: ListReportsQuery): Promise<Report[]> {
    return this.reports.list(this.orm.em.fork(), { openOnly: query.openOnly });
  }
}
