import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { OUTBOX_INSERT, type OutboxRows } from '../messaging/outbox.js';
import { BatchedRead } from '../persistence/batched-read.js';
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
  { outcome: 'added' | 'repeated'; message: MessageView } | { outcome: 'past-limit'; freeAt: Date };

/** The messages of conversations, ordered by `seq`. */
@Injectable()
export class MessageRepository {
  /**
   * History pages, read on every conversation's open and scroll. The pages in flight are read together, as
   * lists are (each page one row of JSON), beside the round of the conversation's checks. A page's key is
   * '<connection> <before seq or nothing> <rows>'. PostgreSQL writes each message as the API answers it, in the
   * order sent, its time as `toISOString()` does (both truncate to the millisecond): parsing and formatting each
   * time in the gateway was a tenth of a page's CPU there.
   */
  private readonly pages = new BatchedRead<{ key: string; messages: MessageView[] }>(
    'connections/pages',
    `select k.key,
            coalesce((select json_agg(json_build_object(
                       'id', m.id, 'senderId', m.sender_id, 'text', m.text,
                       'sentAt', to_char(m.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                       order by m.seq) from (
              select seq, id, sender_id, text, sent_at from message
               where connection_id = split_part(k.key, ' ', 1)::uuid
                 and seq < coalesce(nullif(split_part(k.key, ' ', 2), '')::bigint, 9223372036854775807)
               order by seq desc limit split_part(k.key, ' ', 3)::integer) m), '[]') as messages
       from unnest(?::text[]) as k(key)`,
    (row) => row.key,
  );

  private readonly seqOfRead = new PreparedStatement<{ seq: number | string }>(
    'connections/seq-of',
    `select seq from message where id = ? and connection_id = ?`,
  );

  /**
   * The message, its place in the sender's pace, its conversation's last activity and its events, in one
   * statement. The pace is connections' own row rather than a rate limiter's store: a store's counter is a
   * statement (and a commit) of its own, per message. It keeps when the member's last `limit` messages were
   * sent: a message is let through when there are fewer, or the oldest is a window old, so no window-long
   * stretch ever holds more than `limit` (a rolling minute, not a fixed one). The row's lock orders a member's
   * concurrent sends, so this holds across gateways. A retry (its clientId already stored) is not counted.
   */
  private readonly insert = new PreparedStatement<
    RawMessage & { last_allowed: boolean | null; free_at: Date | string | null }
  >(
    'connections/add-message',
    `with paced as (
       insert into message_pace as pace (sender_id, sent_at, last_allowed)
       select ?::uuid, array[statement_timestamp()], true
        where not exists (select 1 from message
                           where connection_id = ?::uuid and sender_id = ?::uuid and client_id = ?::uuid)
       on conflict (sender_id) do update set
         last_allowed = cardinality(pace.sent_at) < ?::integer
                        or pace.sent_at[1] <= statement_timestamp() - ?::integer * interval '1 millisecond',
         sent_at = case when cardinality(pace.sent_at) < ?::integer
                             or pace.sent_at[1] <= statement_timestamp() - ?::integer * interval '1 millisecond'
                        then (pace.sent_at || statement_timestamp())[greatest(1, cardinality(pace.sent_at) + 2 - ?::integer):]
                        else pace.sent_at end
       returning last_allowed, sent_at[1] + ?::integer * interval '1 millisecond' as free_at),
     added as (
       insert into message (id, connection_id, sender_id, text, client_id)
       select ?::uuid, ?::uuid, ?::uuid, ?::text, ?::uuid where coalesce((select last_allowed from paced), true)
       on conflict (connection_id, sender_id, client_id) do nothing
       returning id, sender_id, text, sent_at, connection_id),
     touched as (update connection set last_activity_at = now() where id in (select connection_id from added)),
     announced as (${OUTBOX_INSERT} where exists (select 1 from added))
     select paced.last_allowed, paced.free_at, added.id, added.sender_id, added.text, added.sent_at
       from (select 1) as one left join paced on true left join added on true`,
  );

  /**
   * Stores a message, counted in its sender's pace (at most `limit` in any `windowMs`), with its events
   * (`Outbox.rowsOf`): one prepared statement, atomic without a transaction's begin and commit, one round
   * trip. A clientId already stored in the conversation answers with that message instead, and writes no
   * events.
   */
  async add(
    em: EntityManager,
    message: { id: string; connectionId: string; senderId: string; text: string; clientId: string | null },
    events: OutboxRows,
    pace: { limit: number; windowMs: number },
  ): Promise<Sending> {
    const { limit, windowMs } = pace;
    const [row] = await this.insert.rows(em, [
      message.senderId,
      message.connectionId,
      message.senderId,
      message.clientId,
      limit,
      windowMs,
      limit,
      windowMs,
      limit,
      windowMs,
      message.id,
      message.connectionId,
      message.senderId,
      message.text,
      message.clientId,
      events.json,
    ]);
    if (row.id) return { outcome: 'added', message: toView(row) };
    if (row.last_allowed === false) return { outcome: 'past-limit', freeAt: new Date(row.free_at!) };
    return {
      outcome: 'repeated',
      message: (await this.sentWithClientId(em, message.connectionId, message.senderId, message.clientId!))!,
    };
  }

  /** The message `senderId` sent with `clientId` in the conversation, if any (a retry's answer). */
  async sentWithClientId(
    em: EntityManager,
    connectionId: string,
    senderId: string,
    clientId: string,
  ): Promise<MessageView | undefined> {
    const [first] = await sql<RawMessage>(
      em,
      `select id, sender_id, text, sent_at from message where connection_id = ? and sender_id = ? and client_id = ?`,
      [connectionId, senderId, clientId],
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
    const key = `${connectionId} ${beforeSeq ?? ''} ${limit + 1}`;
    // One more than the page, the oldest first: if it is there, there is more history before the page.
    const messages = (await this.pages.byId(em, [key])).get(key)?.messages ?? [];
    const more = messages.length > limit;
    return { messages: more ? messages.slice(messages.length - limit) : messages, more };
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
