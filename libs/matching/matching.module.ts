import { Module } from '@nestjs/common';
import { ShownMatches } from '../shared/auth/shown-matches.port.js';
import { AnswerEmbeddings } from './embeddings/answer-embeddings.js';
import { TextEmbeddings } from './embeddings/text-embeddings.js';
import { PersonalityVectorRepository } from './personality/personality-vector.repository.js';
import { PersonalityVectors } from './personality/personality-vectors.js';
import { CandidatePoolRepository } from './pool/candidate-pool.repository.js';
import { CandidatePools } from './pool/candidate-pools.js';
import { MatchHistory } from './match-sets/match-history.js';
import { MatchSetRepository } from './match-sets/match-set.repository.js';
import { MatchSetGenerator } from './match-sets/match-set-generator.js';
import { MatchSetWriter } from './match-sets/match-set-writer.js';
import { PickSummaries } from './match-sets/pick-summaries.js';
import { SummaryPass } from './match-sets/summary-pass.js';
import { DailyMatchRunRepository } from './match-sets/daily-match-run.repository.js';
import { DailyMatchRun } from './match-sets/daily-match-run.js';
import { MemberRepository } from './members/member.repository.js';
import { RecentPairs } from './match-sets/recent-pairs.js';
import { ScoringThreads } from './match-sets/scoring-threads.js';
import { RequestDailyMatchesHandler } from './commands/request-daily-matches/request-daily-matches.handler.js';
import { RefreshPoolWhenAccountChanges } from './consumers/refresh-pool/refresh-pool-when-account-changes.consumer.js';

const services = [
  TextEmbeddings,
  AnswerEmbeddings,
  PersonalityVectorRepository,
  PersonalityVectors,
  CandidatePoolRepository,
  CandidatePools,
  MatchSetRepository,
  MatchHistory,
  MatchSetGenerator,
  MatchSetWriter,
  PickSummaries,
  SummaryPass,
  DailyMatchRunRepository,
  DailyMatchRun,
  MemberRepository,
  RecentPairs,
  ScoringThreads,
];

/**
 * Matching on its own tables: its read model of members, personality vectors, the candidate pool and match
 * sets. Its services are exported so the worker, the scheduler, POST /match/new (MatchRequestsModule) and
 * the CLI (DailyMatchRun, MatchSetGenerator) use them. Binds the ShownMatches port profiles and safety
 * ask (MatchHistory); other contexts read the sets through MatchHistory alone (index.ts).
 */
@Module({
  providers: [
    ...services,
    { provide: ShownMatches, useExisting: MatchHistory },
    RequestDailyMatchesHandler,
    RefreshPoolWhenAccountChanges,
  ],
  exports: [...services, ShownMatches],
})
export class MatchingModule {}
