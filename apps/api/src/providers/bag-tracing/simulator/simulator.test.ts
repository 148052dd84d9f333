import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@tern/domain';
import type { Database } from '../../../db/client.ts';
import { fakeClock } from '../../../lib/clock.ts';
import { freshDatabase } from '../../../../test/database.ts';
import { bagTracingPortSuite } from '../port-suite.ts';
import type { TracingFile } from '../port.ts';
import { moveBagFile, simulatedBagTracing } from './index.ts';

const HOUR = 3_600_000;
const start = new Date('2026-01-15T12:00:00Z');
const fileOf = (pir: string): TracingFile => ({
  pir,
  tagNumber: '0014123456',
  colour: 'BU',
  type: '22',
  station: pir.slice(0, 3),
  airline: pir.slice(3, 5),
  reportedAt: new Date(start.getTime() - HOUR).toISOString(),
});

bagTracingPortSuite('simulator', async () => {
  const { database, release } = await freshDatabase();
  return {
    port: simulatedBagTracing({ db: database.db, clock: fakeClock(start), lostAfterDays: 21 }),
    close: release,
    file: fileOf('YYZAC00001'),
  };
});

describe('the simulated tracing system', () => {
  let database: Database;
  let release: () => Promise<void>;
  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
  });
  afterAll(() => release());

  const setUp = async (pir: string, lostAfterDays = 21) => {
    const clock = fakeClock(start);
    const deps = { db: database.db, clock, lostAfterDays };
    const port = simulatedBagTracing(deps);
    await port.open(fileOf(pir));
    return {
      clock,
      status: () => port.status(pir),
      move: (to: 'located' | 'forwarded' | 'delivered' | 'lost', station?: string) =>
        moveBagFile(deps, { pir, to, station }),
    };
  };

  it("moves a file on by its operator's orders, each step with its time and station", async () => {
    const { clock, status, move } = await setUp('YULAC00002');
    expect(await move('located', 'LHR')).toMatchObject({ ok: true });
    clock.advance(HOUR);
    expect(await move('forwarded')).toMatchObject({ ok: true });
    clock.advance(HOUR);
    expect(await move('delivered')).toMatchObject({ ok: true });
    expect(await status()).toEqual({
      pir: 'YULAC00002',
      state: 'delivered',
      history: [
        { state: 'reported', at: '2026-01-15T11:00:00.000Z', station: 'YUL' },
        { state: 'located', at: '2026-01-15T12:00:00.000Z', station: 'LHR' },
        { state: 'forwarded', at: '2026-01-15T13:00:00.000Z', station: 'YUL' },
        { state: 'delivered', at: '2026-01-15T14:00:00.000Z', station: 'YUL' },
      ],
    });
  });

  it('refuses an order that goes back, follows a closed file, or names no airport', async () => {
    const { move } = await setUp('YVRAC00003');
    expect(await move('forwarded')).toMatchObject({ ok: true });
    expect(await move('located')).toMatchObject({ ok: false });
    expect(await move('delivered', 'QQQ')).toMatchObject({ ok: false });
    expect(await move('lost')).toMatchObject({ ok: true });
    expect(await move('delivered')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/closed/),
    });
    const unknown = await moveBagFile(
      { db: database.db, clock: fakeClock(start), lostAfterDays: 21 },
      { pir: 'ZZZAC99999', to: 'located' },
    );
    expect(unknown).toMatchObject({ ok: false });
  });

  it('deems a bag lost once the configured days pass without delivery, at that moment', async () => {
    const { clock, status, move } = await setUp('LHRBA00004', 3);
    expect(await move('located')).toMatchObject({ ok: true });
    clock.advance(3 * DAY_MS - 2 * HOUR);
    expect((await status())!.state).toBe('located');
    clock.advance(2 * HOUR);
    const lost = await status();
    expect(lost!.state).toBe('lost');
    expect(lost!.history.at(-1)).toEqual({
      state: 'lost',
      at: new Date(start.getTime() - HOUR + 3 * DAY_MS).toISOString(),
      station: null,
    });
    expect(await move('delivered')).toMatchObject({ ok: false });
  });

  it('never deems a delivered bag lost', async () => {
    const { clock, status, move } = await setUp('FRALH00005', 3);
    expect(await move('delivered')).toMatchObject({ ok: true });
    clock.advance(30 * DAY_MS);
    expect((await status())!.state).toBe('delivered');
  });
});
