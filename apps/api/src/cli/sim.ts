import { parseArgs } from 'node:util';
import {
  TRIGGER_TYPES,
  monitoredDisplayValue,
  normaliseBagReference,
  normaliseFlightNumber,
} from '@tern/domain';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { encryptionFor } from '../lib/encryption-for.ts';
import { fingerprintsFor } from '../lib/fingerprints.ts';
import { announceClockMove, announceTriggers } from '../modules/claims/index.ts';
import { announceBagChange } from '../modules/luggage/index.ts';
import { announceBreaches } from '../modules/monitoring/index.ts';
import { announceFlightChange } from '../modules/travel/index.ts';
import {
  moveBagFile,
  simulatedBagTracing,
  type BagOrder,
} from '../providers/bag-tracing/simulator/index.ts';
import {
  listBreaches,
  plantBreach,
  type BreachSimulatorDeps,
  type ListedBreach,
} from '../providers/breaches/simulator/index.ts';
import { breachFromOrder, type BreachOrder } from '../providers/breaches/simulator/order.ts';
import type { ScheduledFlight } from '../providers/flights/port.ts';
import {
  disruptFlight,
  simulatedFlights,
  type Disruption,
} from '../providers/flights/simulator/index.ts';
import { scheduleOf } from '../providers/flights/simulator/schedule.ts';
import type { TriggerEvent } from '../providers/parametric-triggers/port.ts';
import {
  recordTrigger,
  recordedTriggers,
  triggerFromOrder,
  type TriggerOrder,
} from '../providers/parametric-triggers/simulator/index.ts';
import { configOrExit, openMigratedDatabase } from '../startup.ts';
import { clockOrder, clockUsage, operatorClock } from './sim-clock.ts';

/**
 * The operator of the simulated outside world. `npm run sim -- bag <order> <PIR>` moves a lost
 * bag's file in the simulated tracing system (`--station <IATA>`: where the bag is):
 *   show     where the file stands, with its history
 *   locate   the bag is found
 *   forward  it is sent on to the passenger
 *   deliver  it reached them
 *   lose     it is declared lost
 * `npm run sim -- flight <order> <number> <date>`:
 *   show     the flight's timetable and where it is now
 *   delay    --minutes <1-1440>: it now leaves that late
 *   cancel   it does not fly
 *   divert   --to <IATA>: it lands elsewhere
 * The date is the local date of its departure; a number that flies twice that day takes
 * `--at HH:mm` (its first flight otherwise). Orders take effect at once for every instance.
 * `npm run sim -- parametric <order> <itemId>`: the parametric trigger feed at an insured business
 *   trigger  --type flood|outage|closure --value <45cm|0.5m|90min|5h>: a measurement there
 *            (a flood in cm, mm or m; an outage or a closure in min, h or d), at `--at` (ISO
 *            8601 UTC, now by default; a later time is given when the clock reaches it), from
 *            `--source` (the type's usual source by default); Tern reads the feed at once
 *   show     every event recorded there, and whether the feed has given it yet
 * `npm run sim -- breach <order>`: the simulated breach source (BREACH_PROVIDER=simulator)
 *   add   --type <data type> --value <identifier> --name <BreachName>: plants the identifier in
 *         that breach — a new one (`--title`, `--domain`, `--classes "Email addresses,Passwords"`,
 *         `--date YYYY-MM-DD`, `--unverified`, `--fabricated`, `--spam-list`, `--sensitive`) or
 *         one already there (its facts kept), which readers are then offered again; Tern scans
 *         it at once. The value is kept encrypted and shown back masked only.
 *   list  every breach of the source, its facts and how many records it holds (never their values)
 * `npm run sim -- clock show|advance <n>m|h|d|reset` moves the simulated clock (SIM_CLOCK).
 */
const usage = `Usage: npm run sim -- flight show|delay|cancel|divert <flight number> <YYYY-MM-DD>
       [--minutes <1-1440>] [--to <IATA>] [--at <HH:mm>]
       npm run sim -- bag show|locate|forward|deliver|lose <PIR> [--station <IATA>]
       npm run sim -- parametric trigger <itemId> --type flood|outage|closure
       --value <45cm|0.5m|90min|5h> [--at <ISO 8601 UTC, default now>] [--source <text>]
       npm run sim -- parametric show <itemId>
       npm run sim -- breach add --type <EMAIL_ADDRESS|PHONE_NUMBER|PASSPORT|…> --value <identifier>
       --name <BreachName> [--title <text>] [--domain <host>] [--classes "Email addresses,Passwords"]
       [--date <YYYY-MM-DD>] [--unverified] [--fabricated] [--spam-list] [--sensitive]
       npm run sim -- breach list
       ${clockUsage}`;

/** The simulated clock's orders (SIM_CLOCK): every instance on the database follows it. */
async function clockCommand(order: string | undefined, amount: string | undefined) {
  const config = configOrExit({ ...process.env, RUN_JOBS: 'false', LOG_LEVEL: 'warn' });
  if (!config.SIM_CLOCK) {
    console.error('The app runs on the machine clock: start it (and this) with SIM_CLOCK=true.');
    process.exit(1);
  }
  const database = await openMigratedDatabase(config);
  try {
    const done = await clockOrder(database, order, amount);
    // Months of claims that closed in the jump are worked out now, not at the next sweep.
    if (done.ok && order !== 'show') await announceClockMove(database);
    if (done.ok) console.log(done.text);
    else {
      console.error(done.text);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

const BAG_ORDERS: Record<string, BagOrder> = {
  locate: 'located',
  forward: 'forwarded',
  deliver: 'delivered',
  lose: 'lost',
};

/** `bag <order> <PIR>`: the order carried out in the simulator, the workers told at once. */
async function bagCommand(order: string, pir: string, station: string | undefined) {
  const to = BAG_ORDERS[order];
  if (order !== 'show' && !to) {
    console.error(`no order ${order}\n${usage}`);
    process.exit(1);
  }
  const config: Config = configOrExit({ ...process.env, RUN_JOBS: 'false', LOG_LEVEL: 'warn' });
  const database = await openMigratedDatabase(config);
  try {
    const deps = {
      db: database.db,
      clock: await operatorClock(config, database),
      lostAfterDays: config.BAG_TRACING_LOST_AFTER_DAYS,
    };
    if (to) {
      const done = await moveBagFile(deps, { pir, to, station: station?.toUpperCase() });
      if (!done.ok) {
        console.error(done.reason);
        process.exitCode = 1;
        return;
      }
      // The tracing system tells its subscribers a file changed; Tern's workers read it now.
      await announceBagChange(database, pir);
    }
    const status = await simulatedBagTracing(deps).status(pir);
    if (!status) {
      console.error(`no file ${pir}: a bag's report opens it once completed`);
      process.exitCode = 1;
      return;
    }
    console.log(`${pir}: ${status.state}`);
    for (const step of status.history)
      console.log(`  ${step.at}  ${step.state}${step.station ? ` at ${step.station}` : ''}`);
  } finally {
    await database.close();
  }
}

/** `45 cm`, `300 min`: a measured value in its type's unit. */
const measured = (event: Pick<TriggerEvent, 'type' | 'measuredValue'>) =>
  `${event.measuredValue} ${TRIGGER_TYPES[event.type].unit}`;

/**
 * `parametric trigger|show <itemId>`: an event recorded in the simulated trigger feed and Tern's
 * workers told to read the feed now, or the item's events listed.
 */
async function parametricCommand(
  order: string,
  itemId: string,
  values: Omit<TriggerOrder, 'itemId'>,
) {
  if (order !== 'trigger' && order !== 'show') {
    console.error(`no order ${order}\n${usage}`);
    process.exit(1);
  }
  const config = configOrExit({ ...process.env, RUN_JOBS: 'false', LOG_LEVEL: 'warn' });
  const database = await openMigratedDatabase(config);
  try {
    if (order === 'trigger') {
      const now = (await operatorClock(config, database)).now();
      const done = triggerFromOrder({ itemId, ...values }, now);
      if (!done.ok) {
        console.error(done.reason);
        process.exitCode = 1;
        return;
      }
      const event = await recordTrigger(database.db, done.record);
      // The feed tells its subscribers it has news; Tern's workers read it now.
      await announceTriggers(database);
      const when =
        Date.parse(event.at) > now.getTime()
          ? `the feed gives it when the clock reaches ${event.at}`
          : 'the feed gives it now';
      console.log(
        `${event.type} of ${measured(event)} at ${event.businessRef}, ${event.at}, from ${event.source}: recorded (${event.eventId}); ${when}`,
      );
      return;
    }
    const events = await recordedTriggers(database.db, itemId.toLowerCase());
    if (events.length === 0) {
      console.log(`${itemId}: no events`);
      return;
    }
    console.log(`${itemId}:`);
    for (const event of events)
      console.log(
        `  ${event.at}  ${event.type} ${measured(event)} from ${event.source}${event.released ? '' : ' (not given yet)'}`,
      );
  } finally {
    await database.close();
  }
}

/** `verified`, `unverified, fabricated`…: a breach's flags as its operator reads them. */
const flagsOf = (breach: ListedBreach) =>
  [
    breach.isVerified ? 'verified' : 'unverified',
    breach.isFabricated && 'fabricated',
    breach.isSpamList && 'spam list',
    breach.isSensitive && 'sensitive',
  ]
    .filter(Boolean)
    .join(', ');

/**
 * `breach add|list`: an identifier planted in the simulated breach source and Tern's workers
 * told to read the source now, or the source's breaches listed. The value typed is shown back
 * masked only (the monitored item's display value), in success and in refusal.
 */
async function breachCommand(order: string, values: BreachOrder) {
  if (order !== 'add' && order !== 'list') {
    console.error(`no order ${order}\n${usage}`);
    process.exit(1);
  }
  // Refused before the database is opened: only the default breach date needs the clock.
  const checked = order === 'add' ? breachFromOrder(values, new Date()) : null;
  if (checked && !checked.ok) {
    console.error(checked.reason);
    process.exit(1);
  }
  const config = configOrExit({ ...process.env, RUN_JOBS: 'false', LOG_LEVEL: 'warn' });
  const database: Database = await openMigratedDatabase(config);
  try {
    const deps: BreachSimulatorDeps = {
      clock: await operatorClock(config, database),
      encryption: encryptionFor(config),
      fingerprints: fingerprintsFor(config),
    };
    if (config.BREACH_PROVIDER !== 'simulator')
      console.warn(
        `BREACH_PROVIDER is ${config.BREACH_PROVIDER}: Tern reads that source, not the simulator planted here.`,
      );
    if (order === 'list') {
      for (const breach of await listBreaches(database.db, deps))
        console.log(
          `${breach.place === null ? ' (loading)' : `#${breach.place}`}  ${breach.name} "${breach.title}"${breach.domain ? ` ${breach.domain}` : ''}: ` +
            `breached ${breach.breachDate ?? 'on an unknown date'}, added ${breach.addedDate}, ${flagsOf(breach)}; ` +
            `${breach.pwnCount.toLocaleString('en')} accounts, ${breach.records} records held; ${breach.dataClasses.join(', ')}`,
        );
      return;
    }
    const done = breachFromOrder(values, deps.clock.now());
    if (!done.ok) {
      console.error(done.reason);
      process.exitCode = 1;
      return;
    }
    const planted = await plantBreach(database.db, deps, done.facts, [done.record]);
    // The source tells its subscribers it has news; Tern's workers read it now.
    await announceBreaches(database);
    const shown = `${done.record.dataType} ${monitoredDisplayValue(done.record.dataType, done.record.value)}`;
    const what = planted.created
      ? `new breach "${planted.breach.title}"`
      : planted.added === 0
        ? 'breach already held it'
        : 'added to the breach (its facts kept)';
    console.log(
      `${planted.breach.name}: ${shown} planted — ${what}; ${planted.held} records held; ` +
        `offered to readers at place #${planted.place}; Tern reads the source now`,
    );
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
      station: { type: 'string' },
      type: { type: 'string' },
      value: { type: 'string' },
      source: { type: 'string' },
      name: { type: 'string' },
      title: { type: 'string' },
      domain: { type: 'string' },
      classes: { type: 'string' },
      date: { type: 'string' },
      unverified: { type: 'boolean', default: false },
      fabricated: { type: 'boolean', default: false },
      'spam-list': { type: 'boolean', default: false },
      sensitive: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [subject, order, rawNumber, date] = positionals;
  if (subject === 'clock') return clockCommand(order, rawNumber);
  if (!values.help && subject === 'parametric' && order && rawNumber)
    return parametricCommand(order, rawNumber, {
      type: values.type,
      value: values.value,
      at: values.at,
      source: values.source,
    });
  if (!values.help && subject === 'breach' && order)
    return breachCommand(order, {
      type: values.type,
      value: values.value,
      name: values.name,
      title: values.title,
      domain: values.domain,
      classes: values.classes,
      date: values.date,
      unverified: values.unverified,
      fabricated: values.fabricated,
      spamList: values['spam-list'],
      sensitive: values.sensitive,
    });
  if (!values.help && subject === 'bag' && order && rawNumber)
    return bagCommand(order, normaliseBagReference(rawNumber), values.station);
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
      const done = await disruptFlight(database.db, await operatorClock(config, database), {
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
      clock: await operatorClock(config, database),
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
