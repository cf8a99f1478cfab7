import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/core';
import { LRUCache } from 'lru-cache';
import { BatchedRead } from '../persistence/batched-read.js';
import { sql } from '../persistence/sql.js';
import { User } from './user.entity.js';

/** Whether an id is an account others may see, one that is suspended, one that was deleted, or none of these. */
export type AccountStatus = 'active' | 'suspended' | 'deleted' | 'unknown';

export interface AccountContact {
  name: string;
  email: string;
}

/** Intention-revealing reads of accounts (other contexts use them instead of reading `app_user`). */
@Injectable()
export class UserRepository {
  /**
   * Names seen lately, per process. A name is set at sign-up (or, for an account reclaimed by a password reset,
   * chosen once at the next sign-in) and never changes after, and what shows a name
   * (a profile, a card, a blocked person) is gone with a deleted account, so a cached name is never wrong
   * where it is shown; it saves a query on every profile read and match card. Bounded: 50,000 names.
   */
  private readonly knownNames = new LRUCache<string, string>({ max: 50_000 });

  /** Names not known yet: a match card's candidates are asked with the round's other card reads. */
  private readonly names = new BatchedRead<{ id: string; name: string }>(
    'account-names',
    'select id, name from app_user where id = any(?::uuid[])',
    (row) => row.id,
  );

  constructor(private readonly em: EntityManager) {}

  /** `lock`: for update, in the caller's transaction (a write that must not interleave with another on the row). */
  findById(id: string, em: EntityManager = this.em, lock = false): Promise<User | null> {
    return em.findOne(User, { id }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  }

  findByEmail(email: string, em: EntityManager = this.em, lock = false): Promise<User | null> {
    return em.findOne(
      User,
      { email: normalizeEmail(email) },
      lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
    );
  }

  findByReferralCode(code: string, em: EntityManager = this.em): Promise<User | null> {
    return em.findOne(User, { referralCode: code.trim().toUpperCase() });
  }

  /** How many accounts there are, and how many of them verified their address (`fated stats`). */
  async counts(em: EntityManager = this.em): Promise<{ accounts: number; verified: number }> {
    const [accounts, verified] = await Promise.all([
      em.count(User),
      em.count(User, { emailVerifiedAt: { $ne: null } }),
    ]);
    return { accounts, verified };
  }

  /** One read: a deleted account leaves only the hash of its id behind (`deleted_account`). */
  async statusOf(id: string, em: EntityManager = this.em): Promise<AccountStatus> {
    const [row] = await sql<{ active: boolean | null; deleted: boolean }>(
      em,
      `select (select suspended_at is null from app_user where id = ?) as active,
              exists (select 1 from deleted_account where id_hash = sha256(convert_to(?, 'UTF8'))) as deleted`,
      [id, id],
    );
    if (row?.deleted) return 'deleted';
    if (row?.active === true) return 'active';
    return row?.active === false ? 'suspended' : 'unknown';
  }

  /**
   * Deletes the account row (its dependants go by foreign key) and keeps the hash of its id; the address it
   * had, or undefined when it was already gone.
   */
  async remove(em: EntityManager, id: string): Promise<string | undefined> {
    const [deleted] = await sql<{ email: string }>(em, `delete from app_user where id = ? returning email`, [
      id,
    ]);
    if (!deleted) return undefined;
    await sql(
      em,
      `insert into deleted_account (id_hash) values (sha256(convert_to(?, 'UTF8'))) on conflict do nothing`,
      [id],
    );
    return deleted.email;
  }

  async isVerified(id: string, em: EntityManager = this.em): Promise<boolean> {
    const rows = await sql(em, `select 1 from app_user where id = ? and email_verified_at is not null`, [id]);
    return rows.length > 0;
  }

  /** The names of these accounts, by id, in one read; ids that are no account are left out. */
  async namesOf(ids: readonly string[], em: EntityManager = this.em): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const missing: string[] = [];
    for (const id of ids) {
      const name = this.knownNames.get(id);
      if (name === undefined) missing.push(id);
      else names.set(id, name);
    }
    if (missing.length === 0) return names;
    const rows = await this.names.byId(em, [...new Set(missing)]);
    for (const row of rows.values()) {
      names.set(row.id, row.name);
      // An account without a name yet (reclaimed by a reset) gets one once: only a chosen name is remembered.
      if (row.name !== '') this.knownNames.set(row.id, row.name);
    }
    return names;
  }

  /** Names and emails of these accounts (the moderation queue), by id, like namesOf. */
  async contactsOf(
    ids: readonly string[],
    em: EntityManager = this.em,
  ): Promise<Map<string, AccountContact>> {
    if (ids.length === 0) return new Map();
    const rows = await sql<{ id: string; name: string; email: string }>(
      em,
      `select id, name, email from app_user where id = any(?::uuid[])`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
  }
}

export function normalizeEmail(email: string): string {
  // One form for what looks the same: `zoë` typed as one character or as `o` and a combining mark.
  return email.normalize('NFC').trim().toLowerCase();
}
