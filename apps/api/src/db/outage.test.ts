import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsContracts } from '@tern/domain';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { fakeClock } from '../lib/clock.ts';
import { keysFor } from '../lib/encryption-for.ts';
import { seedDemo } from '../seed/seed-demo.ts';
import { freshDatabase } from '../../test/database.ts';
import { signIn, type SignedIn } from '../../test/sign-in.ts';
import { urlOf } from '../../test/urls.ts';
import { openPostgres, type Database } from './client.ts';

/**
 * The database going away and coming back, as a restart or a network cut looks to the API:
 * the app reaches PostgreSQL through a TCP relay the test can cut and restore.
 */
describe('when the database is unreachable', () => {
  const clock = fakeClock();
  let release: () => Promise<void>;
  let relayed: Database;
  let app: FastifyInstance;
  let user: SignedIn;
  let relay: Server;
  let relayPort = 0;
  const sockets = new Set<Socket>();
  let target: { host: string; port: number };

  const openRelay = () =>
    new Promise<void>((resolve) => {
      relay = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      relay.listen(relayPort, '127.0.0.1', () => {
        relayPort = (relay.address() as AddressInfo).port;
        resolve();
      });
    });
  const cutRelay = async () => {
    await new Promise<void>((resolve) => {
      relay.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  };

  beforeAll(async () => {
    const fresh = await freshDatabase();
    release = fresh.release;
    const url = new URL(fresh.database.pool.options.connectionString!);
    target = { host: url.hostname, port: Number(url.port || 5432) };
    await seedDemo(fresh.database.db, keysFor(testConfig()), clock.now());
    await openRelay();
    url.host = `127.0.0.1:${relayPort}`;
    relayed = openPostgres(url.toString(), 4);
    app = await buildApp({ config: testConfig({ RUN_JOBS: 'false' }), database: relayed, clock });
    await app.ready();
    user = await signIn({ app, database: relayed, clock }, 'travel');
  });

  afterAll(async () => {
    await app.close();
    await relayed.close();
    relay.close();
    await release();
  });

  const read = () =>
    app.inject({
      url: urlOf(accountsContracts.details, { id: user.userId }),
      headers: user.headers,
    });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, then serves again once it is back', async () => {
    expect((await read()).statusCode).toBe(200);
    await cutRelay();

    for (const res of [await read(), await app.inject({ url: '/healthz' })]) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
      expect(res.body).not.toMatch(/ECONNREFUSED|select|127\.0\.0\.1/);
    }

    await openRelay();
    // No restart: the pool and the signals connection reconnect by themselves.
    await expect.poll(async () => (await read()).statusCode, { timeout: 10_000 }).toBe(200);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await expect.poll(() => app.platform.signals.listening, { timeout: 10_000 }).toBe(true);
  });
});
