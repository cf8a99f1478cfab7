import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { ConnectionsModule } from '../connections/connections.module.js';
import { ProfilesModule } from '../profiles/profiles.module.js';
import { QuizModule } from '../quiz/quiz.module.js';
import { SafetyModule } from '../safety/safety.module.js';
import { MatchingModule } from './matching.module.js';
import { MatchCards } from './commands/request-matches/match-cards.js';
import { Requester } from './commands/request-matches/requester.js';
import { RequestMatchesController } from './commands/request-matches/request-matches.controller.js';
import { RequestMatchesHandler } from './commands/request-matches/request-matches.handler.js';
import { ListMemberMatchesHandler } from './queries/list-member-matches/list-member-matches.handler.js';

/**
 * POST /match/new, for the gateway (and the CLI): the one matching path that asks the other contexts,
 * through their public APIs, about the requester and the candidates' cards (and ListMemberMatchesQuery, the
 * same cards for an operator). Matcher processes do not load it, so they depend on nothing but matching's own tables.
 */
@Module({
  imports: [MatchingModule, AccountsModule, ProfilesModule, QuizModule, SafetyModule, ConnectionsModule],
  controllers: [RequestMatchesController],
  providers: [RequestMatchesHandler, ListMemberMatchesHandler, Requester, MatchCards],
})
export class MatchRequestsModule {}
