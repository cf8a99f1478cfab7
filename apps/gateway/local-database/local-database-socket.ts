import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { PgliteConnection } from '@mikro-orm/pglite';
import { AppConfig } from '../../../libs/config/app-config.js';
import { PgliteSessionServer, pgliteSocketPath } from '../../../libs/persistence/pglite-session-server.js';

/**
 * The embedded default: the app holds the PGlite folder, so the CLI (`npm run cli -- seed …` in another
 * terminal) reaches the database through this socket in DATA_DIR. Started once the migrations ran, and
 * stopped before the ORM closes, so a client's open transaction is rolled back, not cut off.
 */
@Injectable()
export class LocalDatabaseSocket implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('LocalDatabaseSocket');
  private server: PgliteSessionServer | undefined;

  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.database.kind !== 'pglite') return;
    const pglite = await (this.orm.em.getConnection() as unknown as PgliteConnection).getNativeClient();
    const server = new PgliteSessionServer(pglite, pgliteSocketPath(this.config.dataDir));
    try {
      await server.start();
    } catch (error) {
      // The app works without it; only the CLI must then wait for the app to stop.
      this.logger.warn(`not serving the database to the CLI: ${(error as Error).message}`);
      return;
    }
    this.server = server;
    this.logger.log(`serving the embedded database to local processes on ${server.path}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.server?.stop();
    this.server = undefined;
  }
}
