import { ConnectionEnded } from '../../../connections/index.js';
import { Consumes, type EventConsumer } from '../../../messaging/consumes.decorator.js';
import { ProcessedEvents } from '../../../messaging/processed-events.js';
import { UserBlocked, UserUnblocked } from '../../../safety/index.js';
import { MemberRepository } from '../../members/member.repository.js';

type PairChanged = UserBlocked | UserUnblocked | ConnectionEnded;

/**
 * Keeps matching's copy of the pairs that must never meet (match_block), which every set computed from now on
 * leaves out: blocks, and pairs whose connection ended (an unmatch, or a block that ended it), kept like a block
 * made by each of the two.
 */
@Consumes(UserBlocked, UserUnblocked, ConnectionEnded, { id: 'matching.record-block' })
export class RecordBlockWhenUserBlocks implements EventConsumer<PairChanged> {
  constructor(
    private readonly members: MemberRepository,
    private readonly processed: ProcessedEvents,
  ) {}

  async handle(event: PairChanged): Promise<void> {
    await this.processed.once('matching.record-block', event, async (em) => {
      if (event instanceof ConnectionEnded) {
        // Both ways: an unblock by either later removes only its own direction, and the pair stays apart.
        const { userId, otherId } = event.payload;
        await this.members.recordBlock(em, userId, otherId);
        return this.members.recordBlock(em, otherId, userId);
      }
      const { userId, blockedUserId } = event.payload;
      return event instanceof UserBlocked
        ? this.members.recordBlock(em, userId, blockedUserId)
        : this.members.recordUnblock(em, userId, blockedUserId);
    });
  }
}
