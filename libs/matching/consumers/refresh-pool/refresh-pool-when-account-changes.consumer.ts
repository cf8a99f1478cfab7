import { AccountDeleted, AccountSuspended, AccountUnsuspended } from '../../../accounts/index.js';
import { Consumes, type EventConsumer } from '../../../messaging/consumes.decorator.js';
import { CandidatePools } from '../../pool/candidate-pools.js';

type AccountChanged = AccountDeleted | AccountSuspended | AccountUnsuspended;

/**
 * A deleted or suspended member leaves this process's cached pool at once, from the event alone (the read
 * model may not have recorded the suspension yet), so no set computed in the next minute picks them; an
 * unsuspended one is read back. Nothing is stored, so no processed-event mark.
 */
@Consumes(AccountDeleted, AccountSuspended, AccountUnsuspended)
export class RefreshPoolWhenAccountChanges implements EventConsumer<AccountChanged> {
  constructor(private readonly pools: CandidatePools) {}

  async handle(event: AccountChanged): Promise<void> {
    if (event instanceof AccountUnsuspended) await this.pools.refreshIfCached([event.aggregateId]);
    else await this.pools.dropIfCached(event.aggregateId);
  }
}
