import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { AppConfig } from '../../../config/app-config.js';
import { calendarDay } from '../../domain/calendar-day.js';
import { RequestDailyMatchesCommand } from './request-daily-matches.command.js';

export const DAILY_MATCH_JOB = 'daily-matching';

/** Fires MATCH_CRON in TZ and requests the day's matches; the cron expression comes from config, hence no @Cron. */
@Injectable()
export class DailyMatchScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('DailyMatchScheduler');

  constructor(
    private readonly config: AppConfig,
    private readonly registry: SchedulerRegistry,
    private readonly commands: CommandBus,
  ) {}

  onApplicationBootstrap(): void {
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
