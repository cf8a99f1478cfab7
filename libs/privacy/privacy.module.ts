import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { ConnectionsModule } from '../connections/connections.module.js';
import { MatchingModule } from '../matching/matching.module.js';
import { QuizModule } from '../quiz/quiz.module.js';
import { SafetyModule } from '../safety/safety.module.js';
import { ExportAccountHandler } from './queries/export-account/export-account.handler.js';
import { ExportAccountController } from './queries/export-account/export-account.controller.js';

/** A person's own data, taken with them: the JSON export (deletion lives with the account, in accounts). */
@Module({
  imports: [AccountsModule, QuizModule, MatchingModule, SafetyModule, ConnectionsModule],
  controllers: [ExportAccountController],
  providers: [ExportAccountHandler],
})
export class PrivacyModule {}
