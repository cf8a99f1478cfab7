import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from '../../libs/config/app-config.js';
import { ConfigModule } from '../../libs/config/config.module.js';
import { PersistenceModule } from '../../libs/persistence/persistence.module.js';
import { MessagingModule } from '../../libs/messaging/messaging.module.js';
import { AuthModule } from '../../libs/shared/auth/auth.module.js';
import { HealthModule } from '../../libs/shared/health/health.module.js';
import { NotificationsModule } from '../../libs/notifications/notifications.module.js';
import { AccountsModule } from '../../libs/accounts/accounts.module.js';
import { ProfilesModule } from '../../libs/profiles/profiles.module.js';
import { ImagesModule } from '../../libs/images/images.module.js';
import { WaitlistModule } from '../../libs/waitlist/waitlist.module.js';
import { QuizModule } from '../../libs/quiz/quiz.module.js';
import { MatchingModule } from '../../libs/matching/matching.module.js';
import { MatchRequestsModule } from '../../libs/matching/match-requests.module.js';
import { SafetyModule } from '../../libs/safety/safety.module.js';
import { PrivacyModule } from '../../libs/privacy/privacy.module.js';
import { ConnectionsModule } from '../../libs/connections/connections.module.js';
import { ScheduleModule } from '@nestjs/schedule';
import { MetricsModule } from '../../libs/shared/observability/metrics.module.js';
import { MetricsController } from './metrics/metrics.controller.js';
import { MatchingWorkerModule } from '../../libs/matching/matching-worker.module.js';
import { MatchingSchedulerModule } from '../../libs/matching/matching-scheduler.module.js';
import { HealthController } from './health/health.controller.js';
import { RequestsInFlight } from '../../libs/shared/http/requests-in-flight.js';
import { GatewayWithoutModelModule } from '../../libs/matching/embeddings/embedding-model-placement.js';
import { LocalDatabaseSocket } from './local-database/local-database-socket.js';

/**
 * The gateway's composition root. In the embedded default (no KAFKA_BROKERS) it also hosts the matcher's
 * modules, so one process runs everything.
 */
@Module({})
export class GatewayModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        MetricsModule,
        ConfigModule.forRoot(config),
        PersistenceModule.forRoot(config),
        CqrsModule.forRoot(),
        HealthModule,
        // Its own logger off: a failing check is logged once by HealthRegistry, not again per probe.
        MessagingModule.forRoot(config, { consumerGroup: 'fated-gateway' }),
        AuthModule,
        NotificationsModule,
        AccountsModule,
        ProfilesModule,
        ImagesModule,
        WaitlistModule,
        QuizModule,
        MatchingModule,
        MatchRequestsModule,
        SafetyModule,
        PrivacyModule,
        ConnectionsModule,
        // The accounts' daily purge of unverified sign-ups runs here; the matcher's schedule where it is hosted.
        ScheduleModule.forRoot(),
        ...embeddedMatcher(config),
      ],
      controllers: [HealthController, MetricsController],
      providers: [RequestsInFlight, LocalDatabaseSocket],
    };
  }
}

/**
 * Embedded default: the matcher's worker, schedule and embedding model run in this process; with Kafka,
 * matcher processes do, and the gateway answers from stored vectors and embeddings.
 */
function embeddedMatcher(config: AppConfig) {
  return config.distributed ? [GatewayWithoutModelModule] : [MatchingWorkerModule, MatchingSchedulerModule];
}
