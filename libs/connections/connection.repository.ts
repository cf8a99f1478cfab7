import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { LRUCache } from 'lru-cache';
import { BatchedRead } from '../persistence/batched-read.js';
import { PreparedStatement } from '../persistence/prepared-statement.js';
import { sql } from '../persistence/sql.js';

export interface ConnectionRow {
  id: string;
  userA: string;
  userB: string;
  createdAt: string;
}

/** What a member's match card shows of the pair: their interest, their connection, or an ended pair. */
export interface PairState {
  interested: boolean;
  connectionId: string | null;
  ended: boolean;
}

export interface ConnectionSummary {
  id: string;
  otherId: string;
  connectedAt: string;
  lastMessage: { id: string; senderId: string; text: string; sentAt: string } | null;
  unread: number;
}

interface RawSummary {
  id: string;
  other: string;
  created_at: string;
  message_id: string | null;
  sender_id: string | null;
  text: string | null;
  sent_at: string | null;
  unread: number;
}

interface RawConnection {
  id: string;
  user_a: string;
  user_b: string;
  created_at: Date | string;
}

const toRow = (row: RawConnection): ConnectionRow => ({
  id: row.id,
  userA: row.user_a,
  userB: row.user_b,
  createdAt: new Date(row.created_at).toISOString(),
});

const MEMBER_OF = `select id, user_a, user_b, created_at from connection where id = ? and (user_a = ? or user_b = ?)`;

/** Connections (one per pair) and the pairs that ended them for good. */
@Injectable()
export class ConnectionRepository {
  /**
   * Every match card asks, so the requests in flight ask together: each key is '<member> <other>'. A pair's
   * connection and end are stored once, lower id first, so each is one primary-key probe.
   */
  private readonly pairStates = new BatchedRead<{
    pair: string;
    interested: boolean;
    connection_id: string | null;
    ended: boolean;
  }>(
    'pair-states',
    `select * from (
       select p.pair,
              exists (select 1 from interest i where i.user_id = k.me and i.target_id = k.other
                                                   and i.withdrawn_at is null) as interested,
              (select c.id from connection c where c.user_a = k.a and c.user_b = k.b) as connection_id,
              exists (select 1 from ended_pair e where e.user_a = k.a and e.user_b = k.b) as ended
         from unnest(?::text[]) as p(pair)
        cross join lateral (select split_part(p.pair, ' ', 1)::uuid as me, split_part(p.pair, ' ', 2)::uuid as other) u
        cross join lateral (select u.me, u.other, least(u.me, u.other) as a, greatest(u.me, u.other) as b) k
     ) s where s.interested or s.connection_id is not null or s.ended`,
    (row) => row.pair,
  );

  /** Every conversation's open asks: prepared on PostgreSQL (planned once per pooled connection). */
  private readonly memberOfRead = new PreparedStatement<RawConnection>('connections/member-of', MEMBER_OF);

  /**
   * A connection's members and start never change while it exists, and its id is never given to another:
   * each read once is kept, and a conversation's next request only asks whether it still exists, in the
   * round of its other checks (`existing`).
   */
  private readonly readBefore = new LRUCache<string, ConnectionRow>({ max: 50_000 });
  private readonly existing = new BatchedRead<{ id: string }>(
    'connections/existing',
    `select id from connection where id = any(?::uuid[])`,
    (row) => row.id,
  );

  /**
   * Every list read asks: each connection with its other member, last message and unread count. The lists in
   * flight are read together (one statement for every member's list, each list one row of JSON), as match
   * sets are: under load a statement's own cost, on both sides, is most of a list's.
   */
  private readonly summaries = new BatchedRead<{ me: string; connections: RawSummary[] }>(
    'connections/summaries',
    `select p.me,
            coalesce((select json_agg(s order by s.last_activity_at desc, s.id) from (
              select c.id, c.created_at, c.last_activity_at, o.other,
                     m.id as message_id, m.sender_id, m.text, m.sent_at,
                     (select count(*) from message u
                       where u.connection_id = c.id and u.sender_id = o.other
                         and u.seq > case when c.user_a = p.me then c.read_seq_a else c.read_seq_b end) as unread
                from connection c
               cross join lateral (select case when c.user_a = p.me then c.user_b else c.user_a end as other) o
                left join lateral (select id, sender_id, text, sent_at from message
                                    where connection_id = c.id order by seq desc limit 1) m on true
               where c.user_a = p.me or c.user_b = p.me) s), '[]') as connections
       from unnest(?::uuid[]) as p(me)`,
    (row) => row.me,
  );

  /** The context's totals for operators (`fated stats`): interest (one-sided, declined included), connections, messages. */
  async totals(
    em: EntityManager,
  ): Promise<{ interests: number; interestsDeclined: number; connections: number; messages: number }> {
    const [row] = await sql<Record<string, number | string>>(
      em,
      `select (select count(*) from interest where withdrawn_at is null) as interests,
              (select count(*) from interest where declined_at is not null and withdrawn_at is null) as interests_declined,
              (select count(*) from connection) as connections,
              (select count(*) from message) as messages`,
      [],
    );
    const n = (key: string) => Number(row?.[key] ?? 0);
    return {
      interests: n('interests'),
      interestsDeclined: n('interests_declined'),
      connections: n('connections'),
      messages: n('messages'),
    };
  }

  /**
   * Holds the pair until the caller's transaction ends, so that the two members' interests in each other are
   * checked one after the other: at once, each would see only its own and neither make the connection.
   */
  async lockPair(em: EntityManager, one: string, other: string): Promise<void> {
    const [a, b] = ordered(one, other);
    await sql(em, `select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`pair:${a}:${b}`]);
  }

  /** The pair's connection, made now or already there. */
  async connect(em: EntityManager, one: string, other: string): Promise<{ id: string; made: boolean }> {
    const [a, b] = ordered(one, other);
    const made = await sql<{ id: string }>(
      em,
      `insert into connection (id, user_a, user_b) values (?, ?, ?) on conflict (user_a, user_b) do nothing returning id`,
      [randomUUID(), a, b],
    );
    if (made[0]) return { id: made[0].id, made: true };
    return { id: (await this.between(em, a, b))!.id, made: false };
  }

  async between(em: EntityManager, one: string, other: string): Promise<ConnectionRow | undefined> {
    const [a, b] = ordered(one, other);
    const [row] = await sql<RawConnection>(
      em,
      `select id, user_a, user_b, created_at from connection where user_a = ? and user_b = ?`,
      [a, b],
    );
    return row && toRow(row);
  }

  /** The connection if `userId` is in it (locked for the caller's transaction when asked). */
  async memberOf(
    em: EntityManager,
    connectionId: string,
    userId: string,
    lock = false,
  ): Promise<ConnectionRow | undefined> {
    const params = [connectionId, userId, userId];
    const [row] = lock
      ? await sql<RawConnection>(em, `${MEMBER_OF} for update`, params)
      : await this.memberOfRead.rows(em, params);
    if (!row) return undefined;
    const connection = toRow(row);
    this.readBefore.set(connection.id, connection);
    return connection;
  }

  /** The connection as this process last read it, if it did: it may have ended since (`stillExists`). */
  readEarlier(connectionId: string): ConnectionRow | undefined {
    return this.readBefore.get(connectionId);
  }

  /** Every connection of the member, with the other member of each. */
  async connectionsOf(
    em: EntityManager,
    userId: string,
  ): Promise<{ connectionId: string; otherId: string }[]> {
    const rows = await sql<{ id: string; other_id: string }>(
      em,
      `select id, user_b as other_id from connection where user_a = ?
       union all
       select id, user_a as other_id from connection where user_b = ?`,
      [userId, userId],
    );
    return rows.map((row) => ({ connectionId: row.id, otherId: row.other_id }));
  }

  async stillExists(em: EntityManager, connectionId: string): Promise<boolean> {
    return (await this.existing.byId(em, [connectionId])).has(connectionId);
  }

  async remove(em: EntityManager, connectionId: string): Promise<void> {
    await sql(em, `delete from connection where id = ?`, [connectionId]);
  }

  /** The pair unmatched: never connected, matched or interested again. */
  async endPair(em: EntityManager, one: string, other: string): Promise<void> {
    const [a, b] = ordered(one, other);
    await sql(em, `insert into ended_pair (user_a, user_b) values (?, ?) on conflict do nothing`, [a, b]);
  }

  async ended(em: EntityManager, one: string, other: string): Promise<boolean> {
    const [a, b] = ordered(one, other);
    return (await sql(em, `select 1 from ended_pair where user_a = ? and user_b = ?`, [a, b])).length > 0;
  }

  /** Of `otherIds`, those `userId` unmatched or was unmatched by. */
  async endedAmong(em: EntityManager, userId: string, otherIds: string[]): Promise<Set<string>> {
    if (otherIds.length === 0) return new Set();
    const rows = await sql<{ other: string }>(
      em,
      `select case when user_a = ? then user_b else user_a end as other from ended_pair
        where (user_a = ? and user_b = any(?::uuid[])) or (user_b = ? and user_a = any(?::uuid[]))`,
      [userId, userId, otherIds, userId, otherIds],
    );
    return new Set(rows.map((row) => row.other));
  }

  /** The pair states of `userId` with each of `otherIds` that has one (match cards), read with the round's others. */
  async statesAmong(em: EntityManager, userId: string, otherIds: string[]): Promise<Map<string, PairState>> {
    if (otherIds.length === 0) return new Map();
    const rows = await this.pairStates.byId(
      em,
      otherIds.map((otherId) => `${userId} ${otherId}`),
    );
    const states = new Map<string, PairState>();
    for (const otherId of otherIds) {
      const row = rows.get(`${userId} ${otherId}`);
      if (row)
        states.set(otherId, {
          interested: row.interested,
          connectionId: row.connection_id,
          ended: row.ended,
        });
    }
    return states;
  }

  /** Of `otherIds`, those connected to `userId`, with the connection's id. */
  async connectedAmong(em: EntityManager, userId: string, otherIds: string[]): Promise<Map<string, string>> {
    if (otherIds.length === 0) return new Map();
    const rows = await sql<{ id: string; other: string }>(
      em,
      `select id, case when user_a = ? then user_b else user_a end as other from connection
        where (user_a = ? and user_b = any(?::uuid[])) or (user_b = ? and user_a = any(?::uuid[]))`,
      [userId, userId, otherIds, userId, otherIds],
    );
    return new Map(rows.map((row) => [row.other, row.id]));
  }

  /** Every connection of `userId`, most recent activity first, with its last message and unread count. */
  async summariesOf(em: EntityManager, userId: string): Promise<ConnectionSummary[]> {
    const rows = (await this.summaries.byId(em, [userId])).get(userId)?.connections ?? [];
    return rows.map((row) => ({
      id: row.id,
      otherId: row.other,
      connectedAt: new Date(row.created_at).toISOString(),
      lastMessage: row.message_id
        ? {
            id: row.message_id,
            senderId: row.sender_id!,
            text: row.text!,
            sentAt: new Date(row.sent_at!).toISOString(),
          }
        : null,
      unread: Number(row.unread),
    }));
  }

  /** `userId` has read up to `seq` (a read mark never moves back): false when it was there already. */
  async markRead(
    em: EntityManager,
    connection: ConnectionRow,
    userId: string,
    seq: number,
  ): Promise<boolean> {
    const column = connection.userA === userId ? 'read_seq_a' : 'read_seq_b';
    const moved = await sql(
      em,
      `update connection set ${column} = ? where id = ? and ${column} < ? returning id`,
      [seq, connection.id, seq],
    );
    return moved.length > 0;
  }
}

/** A pair's two ids in the order the tables keep them (`user_a` < `user_b`). */
function ordered(one: string, other: string): [string, string] {
  const a = one.toLowerCase();
  const b = other.toLowerCase();
  return a < b ? [a, b] : [b, a];
}
