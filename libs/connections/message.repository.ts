import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { OUTBOX_INSERT, type OutboxRows } from '../messaging/outbox.js';
import { PreparedStatement } from '../persistence/prepared-statement.js';
import { sql } from '../persistence/sql.js';

export interface MessageView {
  id: string;
  senderId: string;
  text: string;
  sentAt: string;
}

interface RawMessage {
  id: string;
  sender_id: string;
  text: string;
  sent_at: Date | string;
  seq?: number | string;
}

const toView = (row: RawMessage): MessageView => ({
  id: row.id,
  senderId: row.sender_id,
  text: row.text,
  sentAt: new Date(row.sent_at).toISOString(),
});

/** What sending came to: the message stored, the one its clientId already sent, or the sender past their limit. */
export type Sending =
  { outcome: 'added' | 'repeated'; message: MessageView } | { outcome: 'past-limit'; windowEndsAt: Date };

/** The messages of conversations, ordered by `seq`. */
@Injectable()
export class MessageRepository {
  /** History pages, read on every conversation's open and scroll: prepared on PostgreSQL. */
  private readonly newestPage = new PreparedStatement<RawMessage>(
    'connections/newest-page',
    `select id, sender_id, text, sent_at from message where connection_id = ? order by seq desc limit ?`,
  );

  private readonly pageBefore = new PreparedStatement<RawMessage>(
    'connections/page-before',
    `select id, sender_id, text, sent_at from message where connection_id = ? and seq < ? order by seq desc limit ?`,
  );

  private readonly seqOfRead = new PreparedStatement<{ seq: number | string }>(
    'connections/seq-of',
    `select seq from message where id = ? and connection_id = ?`,
  );

  /**
   * The message, its count in the sender's minute, its conversation's last activity and its events, in one
   * statement. The count is connections' own row rather than a rate limiter's store: a store's counter is a
   * statement (and a commit) of its own, per message. The row's lock orders a member's concurrent sends, so
   * the count is exact across gateways. A retry (its clientId already stored) is not counted.
   */
  private readonly insert = new PreparedStatement<
    RawMessage & { sent: number | null; window_ends_at: Date | string | null }
  >(
    'connections/add-message',
    `with paced as (
       insert into message_pace (sender_id, window_ends_at, sent)
       select ?::uuid, now() + ?::integer * interval '1 millisecond', 1
        where not exists (select 1 from message where sender_id = ?::uuid and client_id = ?::uuid)
       on conflict (sender_id) do update set
         sent = case when message_pace.window_ends_at <= now() then 1 else message_pace.sent + 1 end,
         window_ends_at = case when message_pace.window_ends_at <= now() then excluded.window_ends_at
                               else message_pace.window_ends_at end
       returning sent, window_ends_at),
     added as (
       insert into message (id, connection_id, sender_id, text, client_id)
       select ?::uuid, ?::uuid, ?::uuid, ?::text, ?::uuid where coalesce((select sent from paced), 0) <= ?::integer
       on conflict (sender_id, client_id) do nothing returning id, sender_id, text, sent_at, connection_id),
     touched as (update connection set last_activity_at = now() where id in (select connection_id from added)),
     announced as (${OUTBOX_INSERT} where exists (select 1 from added))
     select paced.sent, paced.window_ends_at, added.id, added.sender_id, added.text, added.sent_at
       from (select 1) as one left join paced on true left join added on true`,
  );

  /**
   * Stores a message, counted in its sender's `pace` (at most `limit` a window), with its events
   * (`Outbox.rowsOf`): one prepared statement, atomic without a transaction's begin and commit, one round
   * trip. A (sender, clientId) already stored answers with that message instead, and writes no events.
   */
  async add(
    em: EntityManager,
    message: { id: string; connectionId: string; senderId: string; text: string; clientId: string | null },
    events: OutboxRows,
    pace: { limit: number; windowMs: number },
  ): Promise<Sending> {
    const [row] = await this.insert.rows(em, [
      message.senderId,
      pace.windowMs,
      message.senderId,
      message.clientId,
      message.id,
      message.connectionId,
      message.senderId,
      message.text,
      message.clientId,
      pace.limit,
      events.json,
    ]);
    if (row.id) return { outcome: 'added', message: toView(row) };
    if (row.sent !== null && Number(row.sent) > pace.limit)
      return { outcome: 'past-limit', windowEndsAt: new Date(row.window_ends_at!) };
    return {
      outcome: 'repeated',
      message: (await this.sentWithClientId(em, message.senderId, message.clientId!))!,
    };
  }

  /** The message `senderId` sent with `clientId`, if any (a retry's answer). */
  async sentWithClientId(
    em: EntityManager,
    senderId: string,
    clientId: string,
  ): Promise<MessageView | undefined> {
    const [first] = await sql<RawMessage>(
      em,
      `select id, sender_id, text, sent_at from message where sender_id = ? and client_id = ?`,
      [senderId, clientId],
    );
    return first && toView(first);
  }

  /** A page of a conversation: the newest `limit` before `beforeSeq` (or the newest), in the order sent. */
  async page(
    em: EntityManager,
    connectionId: string,
    beforeSeq: number | undefined,
    limit: number,
  ): Promise<{ messages: MessageView[]; more: boolean }> {
    const rows = await (beforeSeq === undefined
      ? this.newestPage.rows(em, [connectionId, limit + 1])
      : this.pageBefore.rows(em, [connectionId, beforeSeq, limit + 1]));
    const more = rows.length > limit;
    return { messages: rows.slice(0, limit).reverse().map(toView), more };
  }

  /** A message's place in its conversation, if it is in that conversation. */
  async seqOf(em: EntityManager, connectionId: string, messageId: string): Promise<number | undefined> {
    const [row] = await this.seqOfRead.rows(em, [messageId, connectionId]);
    return row ? Number(row.seq) : undefined;
  }

  /** The text of a message `senderId` sent in a conversation with `readerId` (a report quotes it). */
  async textSentTo(
    em: EntityManager,
    messageId: string,
    senderId: string,
    readerId: string,
  ): Promise<string | undefined> {
    const [row] = await sql<{ text: string }>(
      em,
      `select m.text from message m join connection c on c.id = m.connection_id
        where m.id = ? and m.sender_id = ? and (c.user_a = ? or c.user_b = ?)`,
      [messageId, senderId, readerId, readerId],
    );
    return row?.text;
  }

  /** Every message `userId` sent, with whom it went to (the data export). */
  async sentBy(em: EntityManager, userId: string): Promise<{ text: string; sentAt: string; toId: string }[]> {
    const rows = await sql<{ text: string; sent_at: Date | string; to_id: string }>(
      em,
      `select m.text, m.sent_at, case when c.user_a = ? then c.user_b else c.user_a end as to_id
         from message m join connection c on c.id = m.connection_id
        where m.sender_id = ? order by m.seq`,
      [userId, userId],
    );
    return rows.map((row) => ({
      text: row.text,
      sentAt: new Date(row.sent_at).toISOString(),
      toId: row.to_id,
    }));
  }
}
