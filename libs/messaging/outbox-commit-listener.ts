import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  MikroORM,
  type EventSubscriber,
  type TransactionEventArgs,
  type FlushEventArgs,
} from '@mikro-orm/core';
import { Outbox } from './outbox.js';
import { OutboxRelay } from './outbox-relay.js';
import { OutboxMessage } from './outbox-message.entity.js';

/**
 * Wakes the relay right after a commit that wrote outbox rows it must publish, so events don't wait for the
 * next poll; other commits leave it asleep.
 */
@Injectable()
export class OutboxCommitListener implements EventSubscriber, OnModuleInit {
  private outerCommitWakes = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly relay: OutboxRelay,
    private readonly outbox: Outbox,
  ) {}

  onModuleInit(): void {
    this.orm.em.getEventManager().registerSubscriber(this);
    this.outbox.onRowsCommitted(() => this.relay.nudge());
  }

  afterFlush(args: FlushEventArgs): void {
    const wroteOutbox = args.uow
      .getChangeSets()
      .some((changeSet) => changeSet.entity instanceof OutboxMessage);
    if (!wroteOutbox) return;
    if (args.em.isInTransaction()) this.outbox.markForRelay(args.em);
    else this.relay.nudge();
  }

  afterTransactionCommit(args: TransactionEventArgs): void {
    const savepoint = args.transaction?.savepointName !== undefined;
    if (this.outbox.wroteRowsToRelay(args.transaction)) {
      // A savepoint's rows are committed with the outer transaction, which the savepoint does not name: the
      // next outer commit wakes the relay.
      if (savepoint) this.outerCommitWakes = true;
      else this.relay.nudge();
    } else if (!savepoint && this.outerCommitWakes) {
      this.outerCommitWakes = false;
      this.relay.nudge();
    }
  }
}
