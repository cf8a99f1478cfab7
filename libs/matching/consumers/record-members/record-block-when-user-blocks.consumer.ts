import { Consumes, type EventConsumer } from '../../../messaging/consumes.decorator.js';
import { ProcessedEvents } from '../../../messaging/processed-events.js';
import { UserBlocked, UserUnblocked } from '../../../safety/index.js';
import { MemberRepository } from '../../members/member.repository.js';

/** Keeps matching's copy of blocks (match_block), which every set computed from now on leaves out. */
@Consumes(UserBlocked, UserUnblocked)
export class RecordBlockWhenUserBlocks implements EventConsumer<UserBlocked | UserUnblocked> {
  constructor(
    private readonly members: MemberRepository,
    private readonly processed: ProcessedEvents,
  ) {}

  async handle(event: UserBlocked | UserUnblocked): Promise<void> {
    const { userId, blockedUserId } = event.payload;
    await this.processed.once('matching.record-block', event, (em) =>
      event instanceof UserBlocked
        ? this.members.recordBlock(em, userId, blockedUserId)
        : this.members.recordUnblock(em, userId, blockedUserId),
    );
  }
}
