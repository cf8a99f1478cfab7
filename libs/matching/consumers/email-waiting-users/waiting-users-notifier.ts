import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { AppConfig } from '../../../config/app-config.js';
import { Mailer } from '../../../notifications/index.js';
import { compatibleSignupMail } from '../../../notifications/index.js';
import { calendarDay } from '../../domain/calendar-day.js';
import { compatibilityPercent } from '../../domain/compatibility.js';
import { isMatchable, mayMeet, repeatWindow, soughtBy } from '../../domain/eligibility.js';
import { WaitingUsersRepository, type WaitingUser } from './waiting-users.repository.js';

/** "Truly compatible", as the empty state promises (the percent badge turns green from here too). */
export const PROMISE_THRESHOLD = 90;

export interface Announcement {
  user: WaitingUser;
  percent: number;
}

/**
 * Keeps the match page's empty-state promise: when a newcomer completes the quiz and profile and scores
 * ≥ 90 with someone whose last match set was empty, that person is emailed, once per (person, newcomer).
 */
@Injectable()
export class WaitingUsersNotifier {
  private readonly logger = new Logger('WaitingUsersNotifier');

  constructor(
    private readonly config: AppConfig,
    private readonly repository: WaitingUsersRepository,
    private readonly mailer: Mailer,
  ) {}

  /** Inside the consumer's transaction: decides who to tell and records it. Mail goes out after commit. */
  async record(em: EntityManager, newcomerId: string): Promise<Announcement[]> {
    return this.recordMany(em, [newcomerId]);
  }

  /** `record` for several newcomers, asking once whether anybody is waiting at all. */
  async recordMany(em: EntityManager, newcomerIds: string[]): Promise<Announcement[]> {
    if (newcomerIds.length === 0 || !(await this.repository.anyoneWaiting(em))) return [];
    const announcements: Announcement[] = [];
    for (const newcomerId of newcomerIds) announcements.push(...(await this.recordFor(em, newcomerId)));
    return announcements;
  }

  private async recordFor(em: EntityManager, newcomerId: string): Promise<Announcement[]> {
    const newcomer = await this.repository.newcomer(em, newcomerId);
    if (!newcomer || !isMatchable(newcomer) || !newcomer.choices) return [];
    const waiting = await this.repository.waitingFor(em, newcomerId, soughtBy(newcomer));
    const compatible = waiting
      .map((user) => ({ user, percent: compatibilityPercent(newcomer.choices!, user.choices) }))
      .filter((candidate) => candidate.percent >= PROMISE_THRESHOLD);
    if (compatible.length === 0) return [];
    const day = calendarDay(new Date(), this.config.timeZone);
    const apart = await this.repository.recentlyPaired(
      em,
      newcomerId,
      compatible.map((candidate) => candidate.user.userId),
      repeatWindow(day),
    );
    const fresh = compatible.filter((candidate) => mayMeet(newcomerId, candidate.user.userId, apart));
    const recorded = await this.repository.recordNotices(
      em,
      newcomerId,
      fresh.map((candidate) => ({ userId: candidate.user.userId, percent: candidate.percent })),
      new Date(),
    );
    return fresh.filter((candidate) => recorded.has(candidate.user.userId));
  }

  async send(announcements: Announcement[]): Promise<void> {
    const matchUrl = `${this.config.publicUrl}/match`;
    for (const { user, percent } of announcements) {
      try {
        await this.mailer.send(
          compatibleSignupMail({ name: user.name, email: user.email }, percent, matchUrl),
        );
      } catch (error) {
        this.logger.error(`compatible-signup mail to ${user.userId} failed: ${(error as Error).message}`);
      }
    }
  }
}
