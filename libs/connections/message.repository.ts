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

  private readonly insert = new PreparedStatement<RawMessage>(
    'connections/add-message',
    `with added as (
       insert into message (id, connection_id, sender_id, text, client_id) values (?, ?, ?, ?, ?)
       on conflict (sender_id, client_id) do nothing returning id, sender_id, text, sent_at, connection_id),
     touched as (update connection set last_activity_at = now() where id in (select connection_id from added)),
     announced as (${OUTBOX_INSERT} where exists (select 1 from added))
     select id, sender_id, text, sent_at from added`,
  );

  /**
   * Stores a message, moves its conversation's last activity and writes its events (`Outbox.rowsOf`), in one
   * prepared statement: atomic without a transaction's begin and commit, one round trip. A (sender, clientId)
   * already stored answers with that message instead, and writes no events.
   */
  async add(
    em: EntityManager,
    message: { id: string; connectionId: string; senderId: string; text: string; clientId: string | null },
    events: OutboxRows,
  ): Promise<{ message: MessageView; added: boolean }> {
    const rows = await this.insert.rows(em, [
      message.id,
      message.connectionId,
      message.senderId,
      message.text,
      message.clientId,
      events.json,
    ]);
    if (rows[0]) return { message: toView(rows[0]), added: true };
    return { message: (await this.sentWithClientId(em, message.senderId, message.clientId!))!, added: false };
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
