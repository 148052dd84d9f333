import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { freshDatabase } from '../../test/database.ts';
import { createSignals, SIGNALS_CONNECTION, type Signals } from './signals.ts';

/** Two processes' signals on one database, and what happens when one loses its connection. */
describe('signals between instances', () => {
  let database: Database;
  let release: () => Promise<void>;
  let sender: Signals;
  let receiver: Signals;

  const until = async (condition: () => boolean, timeoutMs = 2_000) => {
    const end = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
    sender = createSignals(database);
    receiver = createSignals(database);
  });

  afterAll(async () => {
    await sender.close();
    await receiver.close();
    await release();
  });

  it('carries a payload from one process to every listener', async () => {
    const heard: string[] = [];
    const stop = receiver.listen('tern_events', (payload) => heard.push(payload));
    await until(() => receiver.listening);
    await sender.notify('tern_events', 'one');
    await until(() => heard.length === 1);
    expect(heard).toEqual(['one']);
    stop();
    await sender.notify('tern_events', 'two');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(['one']);
  });

  it('tells of the gap when its connection is lost, reconnects, and hears again', async () => {
    const heard: string[] = [];
    let gaps = 0;
    receiver.listen('tern_sessions', (payload) => heard.push(payload));
    receiver.onGap(() => (gaps += 1));
    await until(() => receiver.listening);

    await database.pool.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [SIGNALS_CONNECTION],
    );
    // Once when it is lost (caches stop trusting themselves), once when it is back (streams
    // read what they missed).
    await until(() => gaps === 2, 5_000);
    expect(receiver.listening).toBe(true);
    await sender.notify('tern_sessions', 'after');
    await until(() => heard.includes('after'));
  });
});
