import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000100Messaging } from './20261122000100-messaging.migration.js';
import { Migration20261122000200Accounts } from './20261122000200-accounts.migration.js';
import { Migration20261122001000Profiles } from './20261122001000-profiles.migration.js';
import { Migration20261122001100Images } from './20261122001100-images.migration.js';
import { Migration20261122002000QuizMatching } from './20261122002000-quiz-matching.migration.js';
import { Migration20261122002100DailyMatchRun } from './20261122002100-daily-match-run.migration.js';
import { Migration20261122002200EmbeddingBytes } from './20261122002200-embedding-bytes.migration.js';
import { Migration20261122002300DropPairIndex } from './20261122002300-drop-pair-index.migration.js';
import { Migration20261124000100AccountSuspension } from './20261124000100-account-suspension.migration.js';
import { Migration20261124000200TrustAndSafety } from './20261124000200-trust-and-safety.migration.js';
import { Migration20261124000300DailyRunLease } from './20261124000300-daily-run-lease.migration.js';
import { Migration20261124000400RateLimits } from './20261124000400-rate-limits.migration.js';
import { Migration20261124000500DeadLetters } from './20261124000500-dead-letters.migration.js';
import { Migration20261124000600OutboxClaims } from './20261124000600-outbox-claims.migration.js';
import { Migration20261124000700MatchableMember } from './20261124000700-matchable-member.migration.js';
import { Migration20261124000800OutboxOrder } from './20261124000800-outbox-order.migration.js';
import { Migration20261124000900WaitlistRanks } from './20261124000900-waitlist-ranks.migration.js';
import { Migration20261125001000LazySummaries } from './20261125001000-lazy-summaries.migration.js';
import { Migration20261125001100MatchingReadModel } from './20261125001100-matching-read-model.migration.js';
import { Migration20261125001200PickSeqs } from './20261125001200-pick-seqs.migration.js';
import { Migration20261125001300DropAnswersEmbedding } from './20261125001300-drop-answers-embedding.migration.js';
import { Migration20261125001400PicksByDay } from './20261125001400-picks-by-day.migration.js';
import { Migration20261125001500DayPairs } from './20261125001500-day-pairs.migration.js';
import { Migration20261125001600SetDayIndex } from './20261125001600-set-day-index.migration.js';
import { Migration20261126000100DeparturesByTrigger } from './20261126000100-departures-by-trigger.migration.js';
import { Migration20261126000200WaitlistDepartures } from './20261126000200-waitlist-departures.migration.js';
import { Migration20261126000300SessionVersions } from './20261126000300-session-versions.migration.js';
import { Migration20261126000400Connections } from './20261126000400-connections.migration.js';
import { Migration20261126000500OutboxRequestId } from './20261126000500-outbox-request-id.migration.js';
import { Migration20261126000610ErasableEventsConsumerIds } from './20261126000610-erasable-events-consumer-ids.migration.js';
import { Migration20261127000100RefreshPersonalityConsumerId } from './20261127000100-refresh-personality-consumer-id.migration.js';
import { Migration20261127000200InterestWithdrawn } from './20261127000200-interest-withdrawn.migration.js';
import { Migration20261127000300MessagePace } from './20261127000300-message-pace.migration.js';
import { Migration20261128000100OutboxPublishedIndex } from './20261128000100-outbox-published-index.migration.js';
import { Migration20261128000200KeptAccessToken } from './20261128000200-kept-access-token.migration.js';
import { Migration20261128000300EndedSignIns } from './20261128000300-ended-sign-ins.migration.js';
import { Migration20261128000400KeptTokenId } from './20261128000400-kept-token-id.migration.js';
import { Migration20261128000500SessionCookies } from './20261128000500-session-cookies.migration.js';

/**
 * Every schema change, in order. Hand-written SQL that both PGlite (Postgres 18) and stock PostgreSQL 15 run.
 * Add new migrations at the end; never edit one that has shipped.
 */
export const migrations: MigrationObject[] = [
  { name: '20261122000100-messaging', class: Migration20261122000100Messaging },
  { name: '20261122000200-accounts', class: Migration20261122000200Accounts },
  { name: '20261122001000-profiles', class: Migration20261122001000Profiles },
  { name: '20261122001100-images', class: Migration20261122001100Images },
  { name: '20261122002000-quiz-matching', class: Migration20261122002000QuizMatching },
  { name: '20261122002100-daily-match-run', class: Migration20261122002100DailyMatchRun },
  { name: '20261122002200-embedding-bytes', class: Migration20261122002200EmbeddingBytes },
  { name: '20261122002300-drop-pair-index', class: Migration20261122002300DropPairIndex },
  { name: '20261124000100-account-suspension', class: Migration20261124000100AccountSuspension },
  { name: '20261124000200-trust-and-safety', class: Migration20261124000200TrustAndSafety },
  { name: '20261124000300-daily-run-lease', class: Migration20261124000300DailyRunLease },
  { name: '20261124000400-rate-limits', class: Migration20261124000400RateLimits },
  { name: '20261124000500-dead-letters', class: Migration20261124000500DeadLetters },
  { name: '20261124000600-outbox-claims', class: Migration20261124000600OutboxClaims },
  { name: '20261124000700-matchable-member', class: Migration20261124000700MatchableMember },
  { name: '20261124000800-outbox-order', class: Migration20261124000800OutboxOrder },
  { name: '20261124000900-waitlist-ranks', class: Migration20261124000900WaitlistRanks },
  { name: '20261125001000-lazy-summaries', class: Migration20261125001000LazySummaries },
  { name: '20261125001100-matching-read-model', class: Migration20261125001100MatchingReadModel },
  { name: '20261125001200-pick-seqs', class: Migration20261125001200PickSeqs },
  { name: '20261125001300-drop-answers-embedding', class: Migration20261125001300DropAnswersEmbedding },
  { name: '20261125001400-picks-by-day', class: Migration20261125001400PicksByDay },
  { name: '20261125001500-day-pairs', class: Migration20261125001500DayPairs },
  { name: '20261125001600-set-day-index', class: Migration20261125001600SetDayIndex },
  { name: '20261126000100-departures-by-trigger', class: Migration20261126000100DeparturesByTrigger },
  { name: '20261126000200-waitlist-departures', class: Migration20261126000200WaitlistDepartures },
  { name: '20261126000300-session-versions', class: Migration20261126000300SessionVersions },
  { name: '20261126000400-connections', class: Migration20261126000400Connections },
  { name: '20261126000500-outbox-request-id', class: Migration20261126000500OutboxRequestId },
  {
    name: '20261126000610-erasable-events-consumer-ids',
    class: Migration20261126000610ErasableEventsConsumerIds,
  },
  {
    name: '20261127000100-refresh-personality-consumer-id',
    class: Migration20261127000100RefreshPersonalityConsumerId,
  },
  { name: '20261127000200-interest-withdrawn', class: Migration20261127000200InterestWithdrawn },
  { name: '20261127000300-message-pace', class: Migration20261127000300MessagePace },
  { name: '20261128000100-outbox-published-index', class: Migration20261128000100OutboxPublishedIndex },
  { name: '20261128000200-kept-access-token', class: Migration20261128000200KeptAccessToken },
  { name: '20261128000300-ended-sign-ins', class: Migration20261128000300EndedSignIns },
  { name: '20261128000400-kept-token-id', class: Migration20261128000400KeptTokenId },
  { name: '20261128000500-session-cookies', class: Migration20261128000500SessionCookies },
];
