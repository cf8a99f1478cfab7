import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { ProcessedEvents } from '../../../messaging/processed-events.js';
import { ProfileUpdated } from '../../../profiles/events/profile-updated.event.js';
import { QuizSubmitted } from '../../../quiz/events/quiz-submitted.event.js';
import { WaitingUsersNotifier, type Announcement } from './waiting-users-notifier.js';

/**
 * A user may finish the quiz before or after the profile; whichever completes them triggers the check.
 * Each event is handled once, and each (person, newcomer) pair is mailed once.
 */
@EventsHandler(QuizSubmitted, ProfileUpdated)
export class EmailWaitingUsersWhenNewcomerCompletes implements IEventHandler<QuizSubmitted | ProfileUpdated> {
  private readonly logger = new Logger('EmailWaitingUsersWhenNewcomerCompletes');

  constructor(
    private readonly notifier: WaitingUsersNotifier,
    private readonly processed: ProcessedEvents,
  ) {}

  async handle(event: QuizSubmitted | ProfileUpdated): Promise<void> {
    try {
      let announcements: Announcement[] = [];
      await this.processed.once('matching.email-waiting-users', event, async (em) => {
        announcements = await this.notifier.record(em, event.aggregateId);
      });
      await this.notifier.send(announcements);
    } catch (error) {
      this.logger.error(`waiting users for ${event.aggregateId} not checked: ${(error as Error).message}`);
    }
  }
}
