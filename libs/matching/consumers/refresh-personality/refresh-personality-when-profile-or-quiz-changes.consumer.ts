import { Consumes, type EventConsumer } from '../../../messaging/consumes.decorator.js';
import { ProcessedEvents } from '../../../messaging/processed-events.js';
import { ProfileUpdated } from '../../../profiles/index.js';
import { QuizSubmitted } from '../../../quiz/index.js';
import { MemberRepository } from '../../members/member.repository.js';
import { PersonalityVectors } from '../../personality/personality-vectors.js';
import { CandidatePools } from '../../pool/candidate-pools.js';

type MemberEvent = ProfileUpdated | QuizSubmitted;

/**
 * A saved profile (who fits whom, the bio) or new answers: record it in the read model, rebuild the member's
 * vector and embeddings from it (skipped when the stored vector is already current, so a burst of saves costs
 * one embedding), and refresh the member in this process's cached pool.
 *
 * One event or batch at a time in this process, of both events alike (`concurrency: 1`): a vector is built
 * from what the read model holds when it is read, so a quiz refresh reading before a concurrent profile
 * refresh recorded the bio could otherwise save a vector without the bio that counts as current.
 */
@Consumes(ProfileUpdated, QuizSubmitted, { id: 'matching.refresh-personality', concurrency: 1 })
export class RefreshPersonalityWhenProfileOrQuizChanges implements EventConsumer<MemberEvent> {
  constructor(
    private readonly members: MemberRepository,
    private readonly personality: PersonalityVectors,
    private readonly processed: ProcessedEvents,
    private readonly pools: CandidatePools,
  ) {}

  async handle(event: MemberEvent): Promise<void> {
    const userId = event.aggregateId;
    await this.processed.once('matching.record-member', event, (em) =>
      this.members.recordEvents(em, [event]),
    );
    const vectors = (await this.personality.isCurrent(userId))
      ? []
      : await this.personality.prepare([userId]);
    await this.processed.once('matching.refresh-personality', event, (em) =>
      this.personality.save(em, vectors),
    );
    await this.pools.refreshIfCached([userId]);
  }

  /**
   * A backlog (a bulk seed's): one transaction records them all, one query finds whose vector is current,
   * the others are embedded as one batch and written in one statement with the marks.
   */
  async handleBatch(events: MemberEvent[]): Promise<void> {
    await this.processed.onceMany('matching.record-member', events, (em, fresh) =>
      this.members.recordEvents(em, fresh),
    );
    const userIds = [...new Set(events.map((event) => event.aggregateId))];
    const current = await this.personality.currentOf(userIds);
    const stale = userIds.filter((userId) => !current.has(userId));
    const vectors = stale.length > 0 ? await this.personality.prepare(stale) : [];
    await this.processed.onceMany('matching.refresh-personality', events, (em, fresh) => {
      // As on the single path, a vector is written for an event not handled before.
      const users = new Set(fresh.map((event) => event.aggregateId));
      return this.personality.save(
        em,
        vectors.filter((vector) => users.has(vector.userId)),
      );
    });
    await this.pools.refreshIfCached(userIds);
  }
}
