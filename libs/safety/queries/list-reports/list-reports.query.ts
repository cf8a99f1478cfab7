import { Query } from '@nestjs/cqrs';
import type { Report } from '../../report.repository.js';

/** Moderation (CLI): the report queue, oldest first. */
export class ListReportsQuery extends Query<Report[]> {
  constructor(readonly openOnly: boolean) {
    super();
  }
}
