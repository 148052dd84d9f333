/**
 * `npm run multi [-- --minutes N | --seconds N] [--users N] [--ceilings]`: Tern as a partner
 * runs it in production, on one machine: two API instances (RUN_JOBS=false) and two workers
 * on one PostgreSQL (DATABASE_URL's, or an embedded server started for the run)
 * (scripts/lib/multi-cluster.ts). For the given time (20 s unless told) a mixed load of every
 * area runs through both instances (scripts/lib/multi-actors.ts, multi-traveller.ts,
 * multi-customers.ts): travellers read, rename
 * themselves, buy and cancel cover, report lost bags with photos, sign in on one instance and
 * use or end the session on the other, and ask for password resets; the parametric partner's
 * customer submits each new claim's revenue prediction; the monitoring subscriber adds and
 * removes monitored items. The script is the simulated world's operator meanwhile: a flood at
 * the insured café (a claim opens) and a breach holding the subscriber's email (an alert is
 * raised), in turn, each every 20 s. The three partners receive every webhook on a receiver of
 * the script's. Checked at the end (scripts/lib/multi-checks.ts): 0 calls answered other than
 * expected; every live event reached the user's streams on both instances (p99 stated); every
 * job taken once and finished, none retried or failed, no cron tick run twice (a trigger on
 * the queue's table); every webhook delivered once at its first attempt; each area's work done
 * (reset emails, photos scanned, claims opened and offered, alerts raised). Exits 1 otherwise.
 * `--ceilings` measures instead what this machine can take: scripts/lib/multi-ceilings.ts.
 */
import { eq } from 'drizzle-orm';
import { announceTriggers } from '../apps/api/src/modules/claims/index.ts';
import { announceBreaches } from '../apps/api/src/modules/monitoring/index.ts';
import { monitoredItems } from '../apps/api/src/modules/monitoring/tables.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import {
  DEFAULT_TRIGGER_SOURCES,
  recordTrigger,
} from '../apps/api/src/providers/parametric-triggers/simulator/index.ts';
import { plantBreach } from '../apps/api/src/providers/breaches/simulator/index.ts';
import { DEMO_IDS } from '../apps/api/src/seed/demo-data.ts';
import { demoEmail } from '../apps/api/src/seed/demo-world.ts';
import type { Actor, LoadContext } from './lib/multi-actors.ts';
import { businessCustomer, subscriber } from './lib/multi-customers.ts';
import { legsFor, traveller } from './lib/multi-traveller.ts';
import { checkAreas, checkJobs, checkLiveEvents, checkWebhooks } from './lib/multi-checks.ts';
import { ceilings } from './lib/multi-ceilings.ts';
import { addWebhookEndpoints, startCluster, type Cluster } from './lib/multi-cluster.ts';
import { errorSamples, KINDS, p99, tally } from './lib/multi-load.ts';
import { watchJobs, watchLiveEvents, webhookReceiver } from './lib/multi-witness.ts';
import { argument } from './lib/world.ts';

const SECONDS = argument('minutes', 0) * 60 || argument('seconds', 20);
const USERS = argument('users', 8);
/** How often the operator floods the café and plants a breach (ms). */
const OPERATOR_EVERY = 20_000;
/** Flights per traveller: bags to report and trips to buy, enough for the longest runs. */
const LEGS_PER_USER = Math.ceil(SECONDS / 10) + 2;

/** The simulated world's operator during the load: floods at the café, breaches of the subscriber's email. */
function operator(cluster: Cluster, until: number) {
  const { db } = cluster.database;
  const made = {
    floods: 0,
    breaches: [] as string[],
    cafe: DEMO_IDS.cafe,
    monitoredItem: DEMO_IDS.identityEmail,
  };
  const done = (async () => {
    const [item] = await db
      .select({ value: monitoredItems.valueEncrypted })
      .from(monitoredItems)
      .where(eq(monitoredItems.id, DEMO_IDS.identityEmail));
    const email = cluster.keys.encryption.decrypt(item!.value!);
    const run = Date.now().toString(36);
    while (Date.now() < until - 2_000) {
      await new Promise((resolve) => setTimeout(resolve, OPERATOR_EVERY / 2));
      if (made.floods <= made.breaches.length) {
        await recordTrigger(db, {
          businessRef: DEMO_IDS.cafe,
          type: 'flood',
          measuredValue: 45,
          source: DEFAULT_TRIGGER_SOURCES.flood,
          at: new Date(),
        });
        await announceTriggers(cluster.database);
        made.floods += 1;
      } else {
        const name = `MultiShop${run}${made.breaches.length}`;
        await plantBreach(
          db,
          { clock: systemClock, ...cluster.keys },
          {
            name,
            title: name,
            domain: `${name.toLowerCase()}.example`,
            breachDate: '2026-10-01',
            dataClasses: ['Email addresses', 'Passwords'],
            description: 'A shop lost its customer list.',
            isVerified: true,
            isFabricated: false,
            isSpamList: false,
            isSensitive: false,
          },
          [{ dataType: 'EMAIL_ADDRESS', value: email }],
        );
        await announceBreaches(cluster.database);
        made.breaches.push(name);
      }
    }
  })();
  return { made, done };
}

async function load(cluster: Cluster) {
  const [first, second] = cluster.instances;
  console.log(
    `multi: 2 API instances (:${first.port}, :${second.port}) and 2 workers on ${process.env.DATABASE_URL ? 'the DATABASE_URL' : 'an embedded'} PostgreSQL; ${USERS} travellers, a business customer and a monitoring subscriber for ${SECONDS} s`,
  );
  const jobs = await watchJobs(cluster.database);
  const live = await watchLiveEvents(cluster.databaseUrl);
  const receiver = await webhookReceiver();
  const endpoints = await addWebhookEndpoints(cluster, receiver.url);
  const context: LoadContext = {
    cluster,
    seconds: SECONDS,
    startedAt: new Date(),
    counts: { resets: 0, uploads: [], predictions: [], sessionChecks: 0 },
  };
  const legs = legsFor(USERS, LEGS_PER_USER);
  const actors: Actor[] = [];
  for (let n = 0; n < USERS; n++) actors.push(await traveller(context, n, legs));
  actors.push(await businessCustomer(context, demoEmail('business')));
  actors.push(await subscriber(context, demoEmail('identity')));

  const deadline = Date.now() + SECONDS * 1000;
  const world = operator(cluster, deadline);
  await Promise.all(
    actors.map(async (actor) => {
      while (Date.now() < deadline) await actor.step();
    }),
  );
  await world.done;

  const verdicts = [
    await checkJobs(jobs),
    await checkAreas(context, world.made),
    await checkWebhooks(cluster, endpoints, receiver),
    await checkLiveEvents(actors, live),
  ];
  for (const actor of actors) for (const stream of actor.streams) stream.close();
  await live.close();
  await receiver.close();
  await jobs.remove();

  console.log(
    `\n${'kind'.padEnd(9)}${'ok'.padStart(8)}${'errors'.padStart(8)}${'p99 ms'.padStart(9)}`,
  );
  let errors = 0;
  for (const kind of KINDS) {
    const entry = tally.get(kind);
    if (!entry) continue;
    errors += entry.errors;
    console.log(
      `${kind.padEnd(9)}${String(entry.ok).padStart(8)}${String(entry.errors).padStart(8)}${p99(entry.ms).toFixed(0).padStart(9)}`,
    );
  }
  const calls = [...tally.values()].reduce((n, e) => n + e.ok + e.errors, 0);
  console.log(`${calls} calls in ${SECONDS} s (${(calls / SECONDS).toFixed(0)}/s)\n`);
  for (const verdict of verdicts) for (const line of verdict.lines) console.log(line);
  for (const sample of errorSamples) console.log(`  error: ${sample}`);
  return errors === 0 && verdicts.every((v) => v.ok);
}

async function main() {
  const cluster = await startCluster({ policies: Math.max(USERS, 8), prefix: 'MULTI' });
  let ok = false;
  try {
    ok = process.argv.includes('--ceilings') ? await ceilings(cluster) : await load(cluster);
  } finally {
    await cluster.stop();
  }
  console.log(ok ? '\nmulti: OK' : '\nmulti: FAILED');
  process.exit(ok ? 0 : 1);
}

await main();
