import { Module } from '@nestjs/common';
import { MatchingModule } from './matching.module.js';
import { RefreshPersonalityWhenProfileOrQuizChanges } from './consumers/refresh-personality/refresh-personality-when-profile-or-quiz-changes.consumer.js';
import { GenerateMatchesWhenMatchRequested } from './consumers/generate-matches/generate-matches-when-match-requested.consumer.js';
import { EmailWaitingUsersWhenNewcomerCompletes } from './consumers/email-waiting-users/email-waiting-users-when-newcomer-completes.consumer.js';
import { WaitingUsersNotifier } from './consumers/email-waiting-users/waiting-users-notifier.js';
import { WaitingUsersRepository } from './consumers/email-waiting-users/waiting-users.repository.js';
import { RecordMemberWhenAccountChanges } from './consumers/record-members/record-member-when-account-changes.consumer.js';
import { WriteSummariesWhenSetsStored } from './consumers/write-summaries/write-summaries-when-sets-stored.consumer.js';
import { RecordBlockWhenUserBlocks } from './consumers/record-members/record-block-when-user-blocks.consumer.js';

const consumers = [
  RecordMemberWhenAccountChanges,
  RecordBlockWhenUserBlocks,
  RefreshPersonalityWhenProfileOrQuizChanges,
  GenerateMatchesWhenMatchRequested,
  WriteSummariesWhenSetsStored,
  EmailWaitingUsersWhenNewcomerCompletes,
];

/** The matcher's reactions to events: its read model, vectors and embeddings, requested sets and their summaries, the empty-state promise. */
@Module({
  imports: [MatchingModule],
  providers: [...consumers, WaitingUsersNotifier, WaitingUsersRepository],
})
export class MatchingWorkerModule {}
