import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * With DATABASE_URL set, each test app gets its own fresh PostgreSQL database (dropped afterwards);
 * without it, tests run on PGlite in a temporary DATA_DIR.
 */
export async function createTestDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { url: undefined, drop: async () => undefined };
  const name = `fated_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
