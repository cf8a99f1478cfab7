import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from '../../libs/config/app-config.js';
import { ConfigModule } from '../../libs/config/config.module.js';
import { PersistenceModule } from '../../libs/persistence/persistence.module.js';
import { MessagingModule } from '../../libs/messaging/messaging.module.js';
import { HealthModule } from '../../libs/shared/health/health.module.js';
import { NotificationsModule } from '../../libs/notifications/notifications.module.js';
import { MatchingModule } from '../../libs/matching/matching.module.js';
import { MatchingWorkerModule } from '../../libs/matching/matching-worker.module.js';
import { MatchingSchedulerModule } from '../../libs/matching/matching-scheduler.module.js';
import { MetricsModule } from '../../libs/shared/observability/metrics.module.js';

/**
 * The separate matcher process: persistence, messaging, the matching worker (event consumers) and the
 * daily schedule. No HTTP. It shares nothing with the gateway but the database and the event bus.
 */
@Module({})
export class MatcherModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: MatcherModule,
      imports: [
        MetricsModule,
        ConfigModule.forRoot(config),
        PersistenceModule.forRoot(config),
        CqrsModule.forRoot(),
        HealthModule,
        MessagingModule.forRoot(config, { consumerGroup: 'fated-matcher' }),
        NotificationsModule,
        MatchingModule,
        MatchingWorkerModule,
        MatchingSchedulerModule,
      ],
    };
  }
}
