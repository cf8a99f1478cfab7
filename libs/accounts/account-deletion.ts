import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { Outbox } from '../messaging/outbox.js';
import { AccountDeleted } from './events/account-deleted.event.js';

/**
 * Deletes an account for good, in the caller's transaction: the app_user row, and with it (foreign keys
 * `on delete cascade`) its sessions, tokens, profile, photo, quiz answers, match sets, picks that showed it to
 * others, blocks and reports; referrals it made stay with the referee as "no referrer". Its own outbox rows
 * (sent or not: nobody needs them now) and sent rows of others that name it go too; AccountDeleted tells other processes (matchers) to drop it, and the relay
 * removes that row once it has been sent (outbox-relay.ts).
 */
@Injectable()
export class AccountDeletion {
  constructor(private readonly outbox: Outbox) {}

  /** False when the account was already gone (a concurrent deletion): no second AccountDeleted. */
  async delete(em: EntityManager, userId: string): Promise<boolean> {
    const connection = (em as SqlEntityManager).getConnection();
    const ctx = em.getTransactionContext();
    const deleted = await connection.execute(
      `delete from app_user where id = ? returning id`,
      [userId],
      'all',
      ctx,
    );
    if (deleted.length === 0) return false;
    await connection.execute(
      `insert into deleted_account (id_hash) values (sha256(convert_to(?, 'UTF8'))) on conflict do nothing`,
      [userId],
      'run',
      ctx,
    );
    await connection.execute(
      `delete from outbox_message
        where aggregate_id = ? or (published_at is not null and strpos(payload::text, ?) > 0)`,
      [userId, userId],
      'run',
      ctx,
    );
    await connection.execute(
      `delete from dead_letter where aggregate_id = ? or strpos(payload::text, ?) > 0`,
      [userId, userId],
      'run',
      ctx,
    );
    this.outbox.record(em, new AccountDeleted(userId, { userId }));
    return true;
  }
}
