import { Consumes, type EventConsumer } from '../../../messaging/consumes.decorator.js';
import { ProfileUpdated } from '../../../profiles/index.js';
import { MemberRefresh } from './member-refresh.js';

/** A saved profile: who fits whom and the bio (re-embedded; nothing to embed before the quiz). */
@Consumes(ProfileUpdated)
export class RefreshPersonalityWhenProfileUpdated implements EventConsumer<ProfileUpdated> {
  constructor(private readonly refresh: MemberRefresh) {}

  handle(event: ProfileUpdated): Promise<void> {
    return this.refresh.apply(event);
  }

  handleBatch(events: ProfileUpdated[]): Promise<void> {
    return this.refresh.applyMany(events);
  }
}
