import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { AccountDeleted } from '../../../accounts/events/account-deleted.event.js';
import { AccountSuspended } from '../../../accounts/events/account-suspended.event.js';
import { AccountUnsuspended } from '../../../accounts/events/account-unsuspended.event.js';
import { CandidatePools } from '../../pool/candidate-pools.js';

type AccountChanged = AccountDeleted | AccountSuspended | AccountUnsuspended;

/**
 * A deleted or suspended member leaves this process's cached pool at once (and an unsuspended one comes
 * back), so no set computed in the next minute picks them. Nothing is stored, so no processed-event mark.
 */
@EventsHandler(AccountDeleted, AccountSuspended, AccountUnsuspended)
export class RefreshPoolWhenAccountChanges implements IEventHandler<AccountChanged> {
  private readonly logger = new Logger('RefreshPoolWhenAccountChanges');

  constructor(private readonly pools: CandidatePools) {}

  async handle(event: AccountChanged): Promise<void> {
    try {
      await this.pools.refreshIfCached([event.aggregateId]);
    } catch (error) {
      this.logger.error(`pool not refreshed for ${event.aggregateId}: ${(error as Error).message}`);
    }
  }
}
