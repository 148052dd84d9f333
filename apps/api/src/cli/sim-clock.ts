import { HOUR_MS, MINUTE_MS } from '@tern/domain';
import type { Database } from '../db/client.ts';
import { advanceSimClock, simClockOffset } from '../providers/clock/simulated.ts';

/**
 * `npm run sim -- clock show|advance <n>m|h|d|reset`: the simulated world's clock (SIM_CLOCK),
 * shared by every instance on the database.
 */
export const clockUsage = 'npm run sim -- clock show | advance <minutes>m|<hours>h|<days>d | reset';

const UNITS = { m: MINUTE_MS, h: HOUR_MS, d: 24 * HOUR_MS } as const;

/** `25h` → milliseconds; null when it is not a whole number of minutes, hours or days. */
export function durationOf(text: string): number | null {
  const match = /^(\d{1,5})([mhd])$/.exec(text.trim());
  return match ? Number(match[1]) * UNITS[match[2] as keyof typeof UNITS] : null;
}

const describeOffset = (offsetMs: number) =>
  `the simulated clock is ${Math.round(offsetMs / MINUTE_MS)} min ahead: ${new Date(Date.now() + offsetMs).toISOString()}`;

/** Runs one clock order; answers what to print, or an error text. */
export async function clockOrder(
  database: Pick<Database, 'db'>,
  order: string | undefined,
  amount: string | undefined,
): Promise<{ ok: true; text: string } | { ok: false; text: string }> {
  if (order === 'show') return { ok: true, text: describeOffset(await simClockOffset(database)) };
  if (order === 'reset') {
    const offset = await simClockOffset(database);
    return { ok: true, text: describeOffset(await advanceSimClock(database, -offset)) };
  }
  if (order === 'advance') {
    const ms = amount ? durationOf(amount) : null;
    if (ms === null)
      return { ok: false, text: `advance takes a duration, like 25h\n${clockUsage}` };
    return { ok: true, text: describeOffset(await advanceSimClock(database, ms)) };
  }
  return { ok: false, text: clockUsage };
}
