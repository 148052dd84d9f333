import { and, asc, eq, lte } from 'drizzle-orm';
import { DAY_MS } from '@tern/domain';
import { airportByIata } from '@tern/domain/reference/airports';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import {
  FINAL_TRACING_STATES,
  TRACING_STATES,
  type BagTracingPort,
  type TracingState,
  type TracingStatus,
  type TracingStep,
} from '../port.ts';
import { simulatedBagFiles, simulatedBagMoves } from '../tables.ts';

interface SimulatorDeps {
  db: Db;
  clock: Clock;
  /** Days after the report when a bag not delivered is deemed lost (BAG_TRACING_LOST_AFTER_DAYS). */
  lostAfterDays: number;
}

/**
 * The embedded tracing system: a file opened by Tern, moved on by its operator's orders
 * (`simulatedBagMoves`: located, forwarded, delivered or lost) and, when it has not been
 * delivered `lostAfterDays` after the report, lost by the passing of time (the Montreal
 * Convention deems a bag lost after 21 days) — computed from the clock, as the flight
 * simulator computes a flight's state, so the same moves and clock give the same answer.
 */
export function simulatedBagTracing(deps: SimulatorDeps): BagTracingPort {
  const { db, clock, lostAfterDays } = deps;
  return {
    async open(file) {
      const details = {
        tagNumber: file.tagNumber,
        colour: file.colour,
        type: file.type,
        station: file.station,
        airline: file.airline,
      };
      await db
        .insert(simulatedBagFiles)
        .values({ pir: file.pir, ...details, reportedAt: new Date(file.reportedAt) })
        .onConflictDoUpdate({ target: simulatedBagFiles.pir, set: details });
    },

    async status(pir): Promise<TracingStatus | null> {
      const [file] = await db
        .select()
        .from(simulatedBagFiles)
        .where(eq(simulatedBagFiles.pir, pir));
      if (!file) return null;
      const now = clock.now();
      const moves = await db
        .select()
        .from(simulatedBagMoves)
        .where(and(eq(simulatedBagMoves.pir, pir), lte(simulatedBagMoves.at, now)))
        .orderBy(asc(simulatedBagMoves.at), asc(simulatedBagMoves.id));
      const history: TracingStep[] = [
        { state: 'reported', at: file.reportedAt.toISOString(), station: file.station },
      ];
      const deemedLost = new Date(file.reportedAt.getTime() + lostAfterDays * DAY_MS);
      for (const move of moves) {
        // Time deems a bag lost before a later order could find it.
        if (move.at >= deemedLost && move.state !== 'lost') break;
        history.push({ state: move.state, at: move.at.toISOString(), station: move.station });
        if (FINAL_TRACING_STATES.includes(move.state)) break;
      }
      const last = history.at(-1)!;
      if (!FINAL_TRACING_STATES.includes(last.state) && now >= deemedLost)
        history.push({ state: 'lost', at: deemedLost.toISOString(), station: null });
      return { pir, state: history.at(-1)!.state, history };
    },
  };
}

/** What the operator may do to a file; `lost` at once, or the next steps in order. */
export type BagOrder = Exclude<TracingState, 'reported'>;

/**
 * The operator's order (`npm run sim -- bag locate|forward|deliver|lose <pir>`): the file
 * moves on from now. A step goes forward only (located, forwarded, delivered, in that order,
 * skipping is allowed); lost ends an open file. Where the bag is: `station` when given, else
 * the file's own station once it is forwarded or delivered there. Answers the new status, or
 * why not.
 */
export async function moveBagFile(
  deps: SimulatorDeps,
  order: { pir: string; to: BagOrder; station?: string | undefined },
): Promise<{ ok: true; status: TracingStatus } | { ok: false; reason: string }> {
  const { db, clock } = deps;
  const tracing = simulatedBagTracing(deps);
  const now = await tracing.status(order.pir);
  if (!now) return { ok: false, reason: `no file ${order.pir}` };
  if (FINAL_TRACING_STATES.includes(now.state))
    return { ok: false, reason: `${order.pir} is ${now.state} already: its file is closed` };
  if (order.to !== 'lost' && TRACING_STATES.indexOf(order.to) <= TRACING_STATES.indexOf(now.state))
    return { ok: false, reason: `${order.pir} is ${now.state}: it cannot be ${order.to} now` };
  if (order.station && !airportByIata.has(order.station))
    return { ok: false, reason: `no airport ${order.station}` };
  const fileStation = now.history[0]!.station;
  const station =
    order.station ?? (order.to === 'forwarded' || order.to === 'delivered' ? fileStation : null);
  await db
    .insert(simulatedBagMoves)
    .values({ pir: order.pir, state: order.to, station, at: clock.now() });
  return { ok: true, status: (await tracing.status(order.pir))! };
}
