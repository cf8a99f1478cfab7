import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { EntityManager } from '@mikro-orm/core';
import { Outbox } from '../messaging/outbox.js';
import { introductionsIn, type Introductions } from '../shared/auth/introductions.port.js';
import { Mailer } from '../notifications/index.js';
import { AccountDeleted } from './events/account-deleted.event.js';
import { UserRepository } from './user.repository.js';

/**
 * Deletes an account for good, in the caller's transaction: the app_user row, and with it (foreign keys
 * `on delete cascade`) its sessions, tokens, profile, photo, quiz answers, match sets, picks that showed it to
 * others, blocks and reports; referrals it made stay with the referee as "no referrer". Every outbox row and
 * dead letter that names it goes too, sent or not: an event about someone who is gone (a block racing the
 * deletion) has nothing left to do. AccountDeleted tells other processes (matchers) to drop it, and the members
 * it had conversations with that those ended; the relay removes that row once it has been sent
 * (outbox-relay.ts). Mails written to files for it are removed.
 */
@Injectable()
export class AccountDeletion {
  private introductions?: Introductions;

  constructor(
    private readonly users: UserRepository,
    private readonly outbox: Outbox,
    private readonly mailer: Mailer,
    private readonly modules: ModuleRef,
  ) {}

  /** False when the account was already gone (a concurrent deletion): no second AccountDeleted. */
  async delete(em: EntityManager, userId: string): Promise<boolean> {
    // Read before the cascade takes them (connections' own rows, through its port).
    this.introductions ??= introductionsIn(this.modules);
    const connections = await this.introductions.connectionsOf(em, userId);
    const email = await this.users.remove(em, userId);
    if (email === undefined) return false;
    await this.outbox.forget(em, userId);
    this.outbox.record(
      em,
      new AccountDeleted(userId, { userId, ...(connections.length > 0 ? { connections } : {}) }),
    );
    this.mailer.forget(email);
    return true;
  }
}
