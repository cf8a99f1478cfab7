import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { CommandBus } from '@nestjs/cqrs';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { AppConfig } from '../../../config/app-config.js';
import { HealthRegistry } from '../../../shared/health/health-registry.js';
import { calendarDay } from '../../domain/calendar-day.js';
import { DailyMatchRunRepository } from '../../daily-run/daily-match-run.repository.js';
import { RequestDailyMatchesCommand } from './request-daily-matches.command.js';

export const DAILY_MATCH_JOB = 'daily-matching';
/** How often a process looks for a day's request whose holder died (its lease lapsed) and finishes it. */
const RESUME_CHECK_MS = 60_000;

/**
 * Fires MATCH_CRON in TZ and requests the day's matches; the cron expression comes from config, hence no
 * @Cron. Every matcher fires; the lease in daily_match_run lets one write the day's requests. Each minute
 * every process also checks whether today's request stalled (its holder died part-way) and finishes it,
 * and /api/health says how today's request stands (`dailyRun`).
 */
@Injectable()
export class DailyMatchScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('DailyMatchScheduler');
  private resumeTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly registry: SchedulerRegistry,
    private readonly commands: CommandBus,
    private readonly orm: MikroORM,
    private readonly runs: DailyMatchRunRepository,
    private readonly health: HealthRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.health.register({ name: 'dailyRun', critical: false, check: () => this.status() });
    this.resumeTimer = setInterval(() => void this.resumeIfStalled(), RESUME_CHECK_MS);
    this.resumeTimer.unref();
    const job = CronJob.from({
      cronTime: this.config.matchCron,
      timeZone: this.config.timeZone,
      onTick: () => void this.fire(),
      start: false,
    });
    this.registry.addCronJob(DAILY_MATCH_JOB, job);
    job.start();
    this.logger.log(`daily matching at "${this.config.matchCron}" (${this.config.timeZone})`);
  }

  beforeApplicationShutdown(): void {
    clearInterval(this.resumeTimer);
  }

  /** Finishes today's request if its holder stopped renewing the lease before the end. */
  async resumeIfStalled(): Promise<void> {
    const day = calendarDay(new Date(), this.config.timeZone);
    try {
      if ((await this.runs.requestState(this.orm.em.fork(), day, new Date())) !== 'stalled') return;
      this.logger.warn(`day ${day}: the request of the day stalled part-way; resuming it`);
      await this.fire();
    } catch (error) {
      this.logger.error(`resume check for ${day} failed: ${(error as Error).message}`);
    }
  }

  private async status(): Promise<{ status: 'up' | 'degraded'; detail: string }> {
    const day = calendarDay(new Date(), this.config.timeZone);
    const state = await this.runs.requestState(this.orm.em.fork(), day, new Date());
    const detail = {
      none: `${day}: not requested yet`,
      running: `${day}: requesting`,
      stalled: `${day}: request stalled part-way; resuming within a minute (or run fated match run)`,
      done: `${day}: requested`,
    }[state];
    return { status: state === 'stalled' ? 'degraded' : 'up', detail };
  }

  /** One tick: request today's sets. Errors are logged; the next tick or a user's own request covers the gap. */
  async fire(): Promise<void> {
    const day = calendarDay(new Date(), this.config.timeZone);
    try {
      const result = await this.commands.execute(new RequestDailyMatchesCommand(day));
      if (result.claimed) this.logger.log(`day ${day}: requested matches for ${result.requested} users`);
    } catch (error) {
      this.logger.error(`daily matching for ${day} failed: ${(error as Error).message}`);
    }
  }
}
