import { Global, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AppConfig } from '../config/app-config.js';
import { ormOptions, type DatabaseAccess } from './orm-options.js';
import { MigrationRunner } from './migration-runner.js';
import { DatabaseHealth } from './database-health.js';
import { MigrationsHealth } from './migrations-health.js';
import { releasePgliteFolder } from './pglite-in-use.js';

/**
 * Gives back this process's claim on its PGlite folder once the app shuts down (the ORM's module, imported
 * here, closes the database first), so a process started after it in the same run may claim it.
 */
@Injectable()
class PgliteFolderRelease implements OnApplicationShutdown {
  constructor(private readonly config: AppConfig) {}

  onApplicationShutdown(): void {
    if (this.config.database.kind === 'pglite') releasePgliteFolder(this.config.database.dir);
  }
}

/** The database for the whole process: entities come from each context's MikroOrmModule.forFeature. */
@Global()
@Module({})
export class PersistenceModule {
  static forRoot(config: AppConfig, access: DatabaseAccess = {}): DynamicModule {
    return {
      module: PersistenceModule,
      imports: [MikroOrmModule.forRoot({ ...ormOptions(config, access), autoLoadEntities: true })],
      providers: [MigrationRunner, DatabaseHealth, MigrationsHealth, PgliteFolderRelease],
      exports: [MigrationsHealth],
    };
  }
}
