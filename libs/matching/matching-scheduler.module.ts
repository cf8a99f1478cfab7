import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { MatchingModule } from './matching.module.js';
import { DailyMatchScheduler } from './commands/request-daily-matches/daily-match.scheduler.js';

/** The daily run at MATCH_CRON in TZ. */
@Module({
  imports: [ScheduleModule.forRoot(), MatchingModule],
  providers: [DailyMatchScheduler],
  exports: [DailyMatchScheduler],
})
export class MatchingSchedulerModule {}
