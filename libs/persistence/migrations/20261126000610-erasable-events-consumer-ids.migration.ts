import { Migration } from '@mikro-orm/migrations';

/**
 * An outbox row carries whether its event is erasable (deleted as soon as it is published), so no relay
 * needs to know event types by name. Consumers that declare an id (@Consumes) park their dead letters under
 * the id their processed-event marks already use: the letters parked under their class names move to it.
 */
export class Migration20261126000610ErasableEventsConsumerIds extends Migration {
  override up(): void {
    this.addSql(`alter table outbox_message add column erasable boolean not null default false`);
    this.addSql(`update outbox_message set erasable = true where type = 'AccountDeleted'`);
    this.addSql(`update dead_letter set consumer = case consumer
        when 'RecordMemberWhenAccountChanges' then 'matching.record-member'
        when 'RecordBlockWhenUserBlocks' then 'matching.record-block'
        when 'EmailWaitingUsersWhenNewcomerCompletes' then 'matching.email-waiting-users'
      end
      where consumer in ('RecordMemberWhenAccountChanges', 'RecordBlockWhenUserBlocks',
                         'EmailWaitingUsersWhenNewcomerCompletes')`);
  }
}
