import { parseArgs } from 'node:util';
import { normaliseFlightNumber } from '@tern/domain';
import { systemClock } from '../lib/clock.ts';
import { announceFlightChange } from '../modules/travel/index.ts';
import type { ScheduledFlight } from '../providers/flights/port.ts';
import {
  disruptFlight,
  simulatedFlights,
  type Disruption,
} from '../providers/flights/simulator/index.ts';
import { scheduleOf } from '../providers/flights/simulator/schedule.ts';
import { configOrExit, openMigratedDatabase } from '../startup.ts';
import { clockOrder, clockUsage } from './sim-clock.ts';

/**
 * The operator of the simulated outside world. `npm run sim -- flight <order> <number> <date>`:
 *   show     the flight's timetable and where it is now
 *   delay    --minutes <1-1440>: it now leaves that late
 *   cancel   it does not fly
 *   divert   --to <IATA>: it lands elsewhere
 * The date is the local date of its departure; a number that flies twice that day takes
 * `--at HH:mm` (its first flight otherwise). Orders take effect at once for every instance.
 * `npm run sim -- clock show|advance <n>m|h|d|reset` moves the simulated clock (SIM_CLOCK).
 */
const usage = `Usage: npm run sim -- flight show|delay|cancel|divert <flight number> <YYYY-MM-DD>
       [--minutes <1-1440>] [--to <IATA>] [--at <HH:mm>]
       ${clockUsage}`;

/** The simulated clock's orders (SIM_CLOCK): every instance on the database follows it. */
async function clockCommand(order: string | undefined, amount: string | undefined) {
  const config = configOrExit({ ...process.env, RUN_JOBS: 'false', LOG_LEVEL: 'warn' });
  const database = await openMigratedDatabase(config);
  try {
    const done = await clockOrder(database, order, amount);
    if (done.ok) console.log(done.text);
    else {
      console.error(done.text);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

const describe = (flight: ScheduledFlight) =>
  flight.legs
    .map(
      (leg) =>
        `${leg.origin} ${leg.departure.local.replace('T', ' ')} → ${leg.destination} ${leg.arrival.local.replace('T', ' ')}` +
        (leg.terminal ? ` (terminal ${leg.terminal})` : ''),
    )
    .join(', ');

function orderOf(
  order: string,
  values: { minutes?: string | undefined; to?: string | undefined },
): Disruption | string {
  if (order === 'cancel') return { kind: 'cancel' };
  if (order === 'delay')
    return values.minutes
      ? { kind: 'delay', minutes: Number(values.minutes) }
      : 'delay needs --minutes';
  if (order === 'divert')
    return values.to
      ? { kind: 'divert', divertedTo: values.to.toUpperCase() }
      : 'divert needs --to';
  return `no order ${order}`;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      minutes: { type: 'string' },
      to: { type: 'string' },
      at: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [subject, order, rawNumber, date] = positionals;
  if (subject === 'clock') return clockCommand(order, rawNumber);
  if (values.help || subject !== 'flight' || !order || !rawNumber || !date) {
    console.error(usage);
    process.exit(values.help ? 0 : 1);
  }
  const flightNumber = normaliseFlightNumber(rawNumber);
  const flights = scheduleOf(flightNumber, date);
  const flight = values.at
    ? flights.find((f) => f.legs[0]!.departure.local.endsWith(`T${values.at}`))
    : flights[0];
  if (!flight) {
    console.error(
      flights.length
        ? `${flightNumber} does not leave at ${values.at} on ${date}: ${flights.map(describe).join('; ')}`
        : `${flightNumber} does not fly on ${date} (the portal offers manual entry for it).`,
    );
    process.exit(1);
  }
  const disruption = order === 'show' ? null : orderOf(order, values);
  if (typeof disruption === 'string') {
    console.error(`${disruption}\n${usage}`);
    process.exit(1);
  }
  const config = configOrExit({ ...process.env, RUN_JOBS: 'false', LOG_LEVEL: 'warn' });
  const database = await openMigratedDatabase(config);
  try {
    const departureUtc = flight.legs[0]!.departure.utc;
    if (disruption) {
      const done = await disruptFlight(database.db, systemClock, {
        flightNumber,
        departureUtc,
        ...disruption,
      });
      if (!done.ok) {
        console.error(done.reason);
        process.exitCode = 1;
        return;
      }
      // The provider tells its subscribers a flight changed; Tern's workers look at it now.
      await announceFlightChange(database, { flightNumber, statusKeyUtc: new Date(departureUtc) });
    }
    const status = await simulatedFlights({
      db: database.db,
      clock: systemClock,
      disruptionRate: config.FLIGHT_SIM_DISRUPTION_RATE,
    }).status(flightNumber, departureUtc);
    console.log(`${flightNumber} ${date}: ${describe(flight)}`);
    if (status)
      console.log(
        `  now: ${status.state}` +
          (status.delayMinutes
            ? `, ${status.delayMinutes} min late (leaves ${status.departure.local.replace('T', ' ')})`
            : '') +
          (status.divertedTo ? `, diverted to ${status.divertedTo}` : ''),
      );
  } finally {
    await database.close();
  }
}

await main();
