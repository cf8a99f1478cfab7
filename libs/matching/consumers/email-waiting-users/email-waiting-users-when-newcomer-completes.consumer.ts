import { Consumes, type EventConsumer } from '../../../messaging/consumes.decorator.js';
import { ProcessedEvents } from '../../../messaging/processed-events.js';
import { ProfileUpdated } from '../../../profiles/index.js';
import { QuizSubmitted } from '../../../quiz/index.js';
import { MemberRepository } from '../../members/member.repository.js';
import { WaitingUsersNotifier, type Announcement } from './waiting-users-notifier.js';

/**
 * A user may finish the quiz before or after the profile; whichever completes them triggers the check.
 * Each event is handled once, and each (person, newcomer) pair is mailed once.
 */
@Consumes(QuizSubmitted, ProfileUpdated, { id: 'matching.email-waiting-users' })
export class EmailWaitingUsersWhenNewcomerCompletes implements EventConsumer<QuizSubmitted | ProfileUpdated> {
  constructor(
    private readonly notifier: WaitingUsersNotifier,
    private readonly processed: ProcessedEvents,
    private readonly members: MemberRepository,
  ) {}

  async handle(event: QuizSubmitted | ProfileUpdated): Promise<void> {
    let announcements: Announcement[] = [];
    await this.processed.once('matching.email-waiting-users', event, async (em) => {
      // What this event says is recorded first (the recording consumer may not have run yet).
      await this.members.recordEvents(em, [event]);
      announcements = await this.notifier.record(em, event.aggregateId);
    });
    await this.notifier.send(announcements);
  }

  /** A backlog: one transaction, the marks and the read model in one statement each, one check per newcomer. */
  async handleBatch(events: (QuizSubmitted | ProfileUpdated)[]): Promise<void> {
    let announcements: Announcement[] = [];
    await this.processed.onceMany('matching.email-waiting-users', events, async (em, fresh) => {
      await this.members.recordEvents(em, fresh);
      announcements = await this.notifier.recordMany(em, [
        ...new Set(fresh.map((event) => event.aggregateId)),
      ]);
    });
    await this.notifier.send(announcements);
  }
}
