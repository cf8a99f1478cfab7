import { Module } from '@nestjs/common';
import { ShownMatches } from '../shared/auth/shown-matches.port.js';
import { AnswerEmbeddings } from './embeddings/answer-embeddings.js';
import { AnswerSimilarityRepository } from './embeddings/answer-similarity.repository.js';
import { TextEmbeddings } from './embeddings/text-embeddings.js';
import { PersonalityVectorRepository } from './personality/personality-vector.repository.js';
import { PersonalityVectors } from './personality/personality-vectors.js';
import { CandidatePoolRepository } from './pool/candidate-pool.repository.js';
import { CandidatePools } from './pool/candidate-pools.js';
import { MatchHistory } from './storage/match-history.js';
import { MatchSetRepository } from './storage/match-set.repository.js';
import { MatchSetGenerator } from './generation/match-set-generator.js';
import { MatchSetWriter } from './storage/match-set-writer.js';
import { PickSummaries } from './summaries/pick-summaries.js';
import { PairAsSeen } from './summaries/pair-as-seen.js';
import { SummaryPass } from './summaries/summary-pass.js';
import { DailyMatchRunRepository } from './daily-run/daily-match-run.repository.js';
import { DailyRunMetrics } from './daily-run/daily-run-metrics.js';
import { DailyMatchRun } from './daily-run/daily-match-run.js';
import { MatchingOperations } from './operations/matching-operations.js';
import { MemberRepository } from './members/member.repository.js';
import { RecentPairs } from './generation/recent-pairs.js';
import { ScoringThreads } from './generation/scoring-threads.js';
import { RequestDailyMatchesHandler } from './commands/request-daily-matches/request-daily-matches.handler.js';
import { RefreshPoolWhenAccountChanges } from './consumers/refresh-pool/refresh-pool-when-account-changes.consumer.js';

const services = [
  TextEmbeddings,
  AnswerEmbeddings,
  AnswerSimilarityRepository,
  PersonalityVectorRepository,
  PersonalityVectors,
  CandidatePoolRepository,
  CandidatePools,
  MatchSetRepository,
  MatchHistory,
  MatchSetGenerator,
  MatchSetWriter,
  PickSummaries,
  PairAsSeen,
  SummaryPass,
  DailyMatchRunRepository,
  DailyMatchRun,
  MatchingOperations,
  MemberRepository,
  RecentPairs,
  ScoringThreads,
];

/**
 * Matching on its own tables: its read model of members, personality vectors, the candidate pool and match
 * sets. Its services are exported so the worker, the scheduler and POST /match/new (MatchRequestsModule)
 * use them; the CLI asks MatchingOperations (index.ts). Binds the ShownMatches port profiles and safety
 * ask (MatchHistory); other contexts read the sets through MatchHistory and PairAsSeen alone (index.ts).
 */
@Module({
  providers: [
    ...services,
    { provide: ShownMatches, useExisting: MatchHistory },
    RequestDailyMatchesHandler,
    RefreshPoolWhenAccountChanges,
    DailyRunMetrics,
  ],
  exports: [...services, ShownMatches],
})
export class MatchingModule {}
