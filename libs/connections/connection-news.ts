import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { LRUCache } from 'lru-cache';
import { UserRepository } from '../accounts/index.js';
import { AppConfig } from '../config/app-config.js';
import { Mailer, mutualMail, newMessageMail } from '../notifications/index.js';
import type { MessageView } from './message.repository.js';
import { NotificationSettingsRepository } from './notification-settings.repository.js';
import { RealtimeNotifier } from './realtime/realtime-notifier.js';

/**
 * What members are told once a change is committed: live on their sockets, and by mail when they chose it.
 * Nothing here can undo or fail the change: a socket or mail that fails is logged (never with a message's
 * text or an address), and the conversation's history has it all.
 */
@Injectable()
export class ConnectionNews implements BeforeApplicationShutdown {
  private readonly logger = new Logger('ConnectionNews');
  /** Mails still on their way: the process waits for them before its database and mailer close. */
  private readonly inFlight = new Set<Promise<void>>();
  /**
   * Pairs whose target was told of the interest within the hour: withdrawing and expressing again in a loop
   * must not become a stream of `interest` events on someone else's screen (their list is read afresh anyway).
   */
  private readonly toldOfInterest = new LRUCache<string, true>({ max: 100_000, ttl: 60 * 60_000 });

  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly users: UserRepository,
    private readonly settings: NotificationSettingsRepository,
    private readonly notifier: RealtimeNotifier,
    private readonly mailer: Mailer,
  ) {}

  interestExpressed(userId: string, targetId: string): void {
    const pair = `${userId} ${targetId}`;
    if (this.toldOfInterest.has(pair)) return;
    this.toldOfInterest.set(pair, true);
    this.settle('interest', async () => {
      const names = await this.users.namesOf([userId]);
      this.notifier.tell(targetId, 'interest', { userId, name: names.get(userId) ?? '' });
    });
  }

  connectionMade(connectionId: string, one: string, other: string): void {
    this.settle('connection', async () => {
      const em = this.orm.em.fork();
      const contacts = await this.users.contactsOf([one, other], em);
      const pairs = (
        [
          [one, other],
          [other, one],
        ] as const
      ).flatMap(([me, them]) => {
        const mine = contacts.get(me);
        const theirs = contacts.get(them);
        return mine && theirs ? [{ me, them, mine, theirs }] : [];
      });
      // Both hear of it live at once; then each one's mail on its own, so that one mail that fails or takes
      // seconds neither stops nor delays the other member's news.
      for (const { me, them, theirs } of pairs)
        this.notifier.tell(me, 'connection', { id: connectionId, userId: them, name: theirs.name });
      for (const { me, mine, theirs } of pairs)
        this.settle('mutual mail', async () => {
          if ((await this.settings.of(this.orm.em.fork(), me)).mutual)
            await this.mailer.send(mutualMail(mine, theirs.name, this.mailUrls(connectionId)));
        });
    });
  }

  messageSent(connectionId: string, message: MessageView, recipientId: string): void {
    const payload = { connectionId, ...message };
    this.notifier.tell([message.senderId, recipientId], 'message', payload);
    this.settle('message mail', async () => {
      if (await this.notifier.isOnline(recipientId)) return;
      const em = this.orm.em.fork();
      if (!(await this.settings.of(em, recipientId)).messages) return;
      if (!(await this.settings.claimMessageMail(em, connectionId, recipientId))) return;
      const contacts = await this.users.contactsOf([recipientId, message.senderId], em);
      const recipient = contacts.get(recipientId);
      const sender = contacts.get(message.senderId);
      if (recipient && sender)
        await this.mailer.send(newMessageMail(recipient, sender.name, this.mailUrls(connectionId)));
    });
  }

  /** To the sender (their 'Seen'), and to the reader's other tabs (their unread counts). */
  read(connectionId: string, messageId: string, readerId: string, otherId: string): void {
    this.notifier.tell([otherId, readerId], 'read', { connectionId, messageId, readerId });
  }

  /** `otherId` was told `ended` when `member` was suspended: the conversation is back. */
  reopened(connectionId: string, member: { id: string; name: string }, otherId: string): void {
    this.notifier.tell(otherId, 'connection', {
      id: connectionId,
      userId: member.id,
      name: member.name,
      reopened: true,
    });
  }

  ended(connectionId: string, ...members: string[]): void {
    this.notifier.tell(members, 'ended', { connectionId });
  }

  /** A conversation's link, and the settings where its mails are turned off. */
  private mailUrls(connectionId: string): { conversation: string; settings: string } {
    return {
      conversation: `${this.config.publicUrl}/connections/${connectionId}`,
      settings: `${this.config.publicUrl}/settings`,
    };
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.inFlight);
  }

  private settle(what: string, work: () => Promise<void>): void {
    const pending = work().catch((error: Error) =>
      this.logger.error(`${what} news not sent: ${error.message}`),
    );
    this.inFlight.add(pending);
    void pending.finally(() => this.inFlight.delete(pending));
  }
}
