import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Reads something off an app built on a database it never connects to: building defines the
 * routes, the jobs and the OpenAPI documents; only serving a call that queries, or running a
 * job, would connect. For the commands that write files from the code.
 */
export async function withOfflineApp<T>(read: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const [{ buildApp }, { loadConfig }, { openPostgres }] = await Promise.all([
    import('../app.ts'),
    import('../config.ts'),
    import('../db/client.ts'),
  ]);
  const database = openPostgres('postgres://unused@127.0.0.1:1/unused');
  const app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      RUN_JOBS: 'false',
      SEED_DEMO: 'false',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    }),
    database,
  });
  try {
    return await read(app);
  } finally {
    await app.close();
    await database.close();
  }
}
