import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/database.ts';

const main = join(import.meta.dirname, 'main.ts');

/** Tern's API as `npm start` runs it, on a fresh test database, its output kept. */
function startApi(databaseUrl: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => (output += d));
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

async function whenHealthy(port: number) {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error('the API never became healthy');
}

describe('stopping the API', () => {
  let url: string;
  let release: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase();
    release = fresh.release;
    url = fresh.database.pool.options.connectionString!;
  });
  afterAll(async () => release());

  it('closes gracefully when Ctrl-C arrives twice at once, as `npm start` relays it', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const api = startApi(url, port);
    await whenHealthy(port);
    const code = exited(api.child);
    api.child.kill('SIGINT');
    api.child.kill('SIGINT');
    expect(await code).toBe(0);
    expect(api.output()).toContain('"msg":"stopping"');
    expect(api.output()).not.toContain('second signal');
  }, 60_000);
});
