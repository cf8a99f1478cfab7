import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../persistence/sql.js';

export interface NotificationSettings {
  mutual: boolean;
  messages: boolean;
}

const DEFAULTS: NotificationSettings = { mutual: true, messages: true };

/** A member's mail choices for connections (both on until they say otherwise), and when a message mail last went. */
@Injectable()
export class NotificationSettingsRepository {
  async of(em: EntityManager, userId: string): Promise<NotificationSettings> {
    const [row] = await sql<NotificationSettings>(
      em,
      `select mutual, messages from notification_setting where user_id = ?`,
      [userId],
    );
    return row ? { mutual: row.mutual, messages: row.messages } : { ...DEFAULTS };
  }

  async save(
    em: EntityManager,
    userId: string,
    change: Partial<NotificationSettings>,
  ): Promise<NotificationSettings> {
    const next = { ...(await this.of(em, userId)), ...change };
    await sql(
      em,
      `insert into notification_setting (user_id, mutual, messages) values (?, ?, ?)
       on conflict (user_id) do update set mutual = excluded.mutual, messages = excluded.messages`,
      [userId, next.mutual, next.messages],
    );
    return next;
  }

  /**
   * Claims the right to mail `userId` about `connectionId` now: true at most once an hour per conversation
   * (the claim is the row's time, so two gateways never both mail).
   */
  async claimMessageMail(em: EntityManager, connectionId: string, userId: string): Promise<boolean> {
    const rows = await sql(
      em,
      `insert into message_mail (connection_id, user_id, sent_at) values (?, ?, now())
       on conflict (connection_id, user_id) do update set sent_at = now()
         where message_mail.sent_at < now() - interval '1 hour'
       returning user_id`,
      [connectionId, userId],
    );
    return rows.length > 0;
  }
}
