import { AccountDeleted } from '../../../accounts/index.js';
import { AccountSuspended } from '../../../accounts/index.js';
import { AccountUnsuspended } from '../../../accounts/index.js';
import { Consumes, type EventConsumer } from '../../../messaging/consumes.decorator.js';
import { CandidatePools } from '../../pool/candidate-pools.js';

type AccountChanged = AccountDeleted | AccountSuspended | AccountUnsuspended;

/**
 * A deleted or suspended member leaves this process's cached pool at once (and an unsuspended one comes
 * back), so no set computed in the next minute picks them. Nothing is stored, so no processed-event mark.
 */
@Consumes(AccountDeleted, AccountSuspended, AccountUnsuspended)
export class RefreshPoolWhenAccountChanges implements EventConsumer<AccountChanged> {
  constructor(private readonly pools: CandidatePools) {}

  async handle(event: AccountChanged): Promise<void> {
    await this.pools.refreshIfCached([event.aggregateId]);
  }
}
