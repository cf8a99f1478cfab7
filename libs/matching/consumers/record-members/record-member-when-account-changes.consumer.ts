import {
  AccountNamed,
  AccountSuspended,
  AccountUnsuspended,
  EmailVerified,
  UserRegistered,
} from '../../../accounts/index.js';
import { Consumes, type EventConsumer } from '../../../messaging/consumes.decorator.js';
import { ProcessedEvents } from '../../../messaging/processed-events.js';
import { MemberRepository } from '../../members/member.repository.js';

type AccountChanged = UserRegistered | AccountNamed | EmailVerified | AccountSuspended | AccountUnsuspended;

/**
 * Keeps matching's copy of an account (name, email, verified, suspended) in match_member. The batch and
 * the single path share the processed-event marks and the upserts' rules (the newer version wins).
 */
@Consumes(UserRegistered, AccountNamed, EmailVerified, AccountSuspended, AccountUnsuspended, {
  id: 'matching.record-member',
})
export class RecordMemberWhenAccountChanges implements EventConsumer<AccountChanged> {
  constructor(
    private readonly members: MemberRepository,
    private readonly processed: ProcessedEvents,
  ) {}

  async handle(event: AccountChanged): Promise<void> {
    await this.processed.once('matching.record-member', event, (em) =>
      this.members.recordEvents(em, [event]),
    );
  }

  /** A backlog (a bulk seed's sign-ups): one transaction, the marks in one statement, one upsert. */
  async handleBatch(events: AccountChanged[]): Promise<void> {
    await this.processed.onceMany('matching.record-member', events, (em, fresh) =>
      this.members.recordEvents(em, fresh),
    );
  }
}
