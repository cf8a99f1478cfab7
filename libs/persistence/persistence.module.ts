import { Global, Module, type DynamicModule } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { AppConfig } from '../config/app-config.js';
import { ormOptions, type DatabaseAccess } from './orm-options.js';
import { MigrationRunner } from './migration-runner.js';
import { DatabaseHealth } from './database-health.js';
import { MigrationsHealth } from './migrations-health.js';

/** The database for the whole process: entities come from each context's MikroOrmModule.forFeature. */
@Global()
@Module({})
export class PersistenceModule {
  static forRoot(config: AppConfig, access: DatabaseAccess = {}): DynamicModule {
    return {
      module: PersistenceModule,
      imports: [MikroOrmModule.forRoot({ ...ormOptions(config, access), autoLoadEntities: true })],
      providers: [MigrationRunner, DatabaseHealth, MigrationsHealth],
      exports: [MigrationsHealth],
    };
  }
}
