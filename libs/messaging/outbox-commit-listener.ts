import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  MikroORM,
  type EventSubscriber,
  type TransactionEventArgs,
  type FlushEventArgs,
} from '@mikro-orm/core';
import { OutboxRelay } from './outbox-relay.js';
import { OutboxMessage } from './outbox-message.entity.js';

/** Wakes the relay right after a commit that wrote outbox rows, so events don't wait for the next poll. */
@Injectable()
export class OutboxCommitListener implements EventSubscriber, OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    private readonly relay: OutboxRelay,
  ) {}

  onModuleInit(): void {
    this.orm.em.getEventManager().registerSubscriber(this);
  }

  afterFlush(args: FlushEventArgs): void {
    const wroteOutbox = args.uow
      .getChangeSets()
      .some((changeSet) => changeSet.entity instanceof OutboxMessage);
    if (wroteOutbox && !args.em.isInTransaction()) this.relay.nudge();
  }

  afterTransactionCommit(_args: TransactionEventArgs): void {
    this.relay.nudge();
  }
}
