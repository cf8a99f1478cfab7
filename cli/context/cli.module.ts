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
import { MatchingWorkerModule } from '../../libs/matching/matching-worker.module.js';
import { SafetyModule } from '../../libs/safety/safety.module.js';
import { ConnectionsModule } from '../../libs/connections/connections.module.js';
import type { DatabaseAccess } from '../../libs/persistence/orm-options.js';
import { BESIDE_THE_APP, EventSettler, type BesideTheApp } from './event-settler.js';

export interface CliModuleOptions {
  /**
   * Run the matcher's event consumers in this process, as the embedded app does (default: unless
   * KAFKA_BROKERS hands events to separate matchers). The benchmark turns them off and builds the
   * personality vectors in batches instead.
   */
  consumers?: boolean;
  /** How to reach the database: the PGlite socket of the running app, when it holds the folder. */
  access?: DatabaseAccess;
}

/**
 * The gateway's modules without HTTP and without the daily schedule: the CLI runs the same command
 * handlers, repositories and event consumers as the app, on the same database.
 */
@Module({})
export class CliModule {
  static forRoot(config: AppConfig, options: CliModuleOptions = {}): DynamicModule {
    const access = options.access ?? {};
    // Beside the running app, the app's relay and consumers take what this process records.
    const besideTheApp = access.pgliteSocketDir !== undefined || access.appConnected === true;
    const consumers = options.consumers ?? (!config.distributed && !besideTheApp);
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config),
        PersistenceModule.forRoot(config, access),
        CqrsModule.forRoot(),
        HealthModule,
        MessagingModule.forRoot(config, { relay: !besideTheApp }),
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
        ConnectionsModule,
        ...(consumers ? [MatchingWorkerModule] : []),
      ],
      providers: [
        EventSettler,
        {
          provide: BESIDE_THE_APP,
          useValue: (access.pgliteSocketDir ? 'pglite' : besideTheApp && 'postgres') satisfies BesideTheApp,
        },
      ],
    };
  }
}
