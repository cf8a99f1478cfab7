import { Query } from '@nestjs/cqrs';
import type { AccountExport } from './account-export.js';

export class ExportAccountQuery extends Query<AccountExport> {
  constructor(readonly userId: string) {
    super();
  }
}
