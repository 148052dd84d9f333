import { existsSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { DateTime } from 'luxon';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountsContracts, resolutionsContracts, travelContracts, tripSchema } from '@tern/domain';
import type { Database } from '../../apps/api/src/db/client.ts';
import { announceFlightChange } from '../../apps/api/src/modules/travel/jobs.ts';
import { flights } from '../../apps/api/src/modules/travel/tables.ts';
import { resolutions } from '../../apps/api/src/modules/resolutions/tables.ts';
import { disruptFlight } from '../../apps/api/src/providers/flights/simulator/index.ts';
import { systemClock } from '../../apps/api/src/lib/clock.ts';
import { DEMO_IDS } from '../../apps/api/src/seed/demo-data.ts';
import { DEMO_PASSWORD, demoEmail } from '../../apps/api/src/seed/demo-world.ts';
import { flightResolutionPath } from '../../apps/web/src/features/resolutions/paths.ts';
import { login, median, pathOf } from './travel-bench.ts';

type Headers = Record<string, string>;
type Flight = typeof flights.$inferSelect;
type Insured = { tripId: string; flight: Flight };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many delays are timed. */
const DELAYS = 10;

/**
 * The resolution figures of `npm run bench` (issue 14): from an operator's 180-minute delay
 * (what `npm run sim -- flight delay` does, without its process start) to the options made
 * on the server, and to the `resolutions.options` event on the user's open stream — the
 * moment an open page asks for them again — median and worst of 10. Answers the figures and
 * a flight with options, for the options route's throughput.
 */
export async function resolutionsBench(options: {
  app: FastifyInstance;
  database: Database;
  appUrl: string;
  key: Headers;
  say: (line: string) => void;
}) {
  const { app, database, appUrl, key, say } = options;
  const { userId, headers } = await login(app, key, demoEmail('travel'));

  // Ten trips on AC856 (Toronto), weeks ahead, one a day; ten more for the browser.
  const insure = (days: number) => insureFlight(app, database, headers, days);
  const insured: Insured[] = [];
  for (let i = 0; i < DELAYS; i++) insured.push(await insure(40 + i));
  const forBrowser: Insured[] = [];
  for (let i = 0; i < DELAYS; i++) forBrowser.push(await insure(40 + DELAYS + i));

  const delay = (flight: Flight) => delayFlight(database, flight);

  const controller = new AbortController();
  const stream = await fetch(appUrl + pathOf(accountsContracts.events, { id: userId }), {
    headers,
    signal: controller.signal,
  });
  // Every options event's arrival, read as it comes (one delay publishes more than once).
  const arrivals: number[] = [];
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      const text = decoder.decode(value, { stream: true });
      if (text.includes(resolutionsContracts.options.id)) arrivals.push(performance.now());
    }
  })();

  const created: number[] = [];
  const published: number[] = [];
  for (const { flight } of insured) {
    // The last delay's late events arrive before this one starts.
    await sleep(300);
    const started = await delay(flight);
    for (;;) {
      const made = await database.db
        .select({ id: resolutions.id })
        .from(resolutions)
        .where(eq(resolutions.flightId, flight.id));
      if (made.length > 0) break;
      await sleep(5);
    }
    created.push(performance.now() - started);
    while (!arrivals.some((at) => at > started)) await sleep(5);
    published.push(arrivals.find((at) => at > started)! - started);
  }
  controller.abort();
  const figure = (values: number[]) => ({
    medianMs: Math.round(median(values)),
    worstMs: Math.round(Math.max(...values)),
  });
  const shown = await optionsInBrowser(
    appUrl,
    pathOf(accountsContracts.events, { id: userId }),
    forBrowser,
    delay,
  );
  const inBrowser = Array.isArray(shown) ? figure(shown) : null;
  const figures = {
    optionsCreated: figure(created),
    optionsEvent: figure(published),
    optionsShown: inBrowser ?? { skipped: shown },
  };
  say(
    `\nresolutions: operator's 180-minute delay → options made (server): median ${figures.optionsCreated.medianMs} ms, worst ${figures.optionsCreated.worstMs} ms; → the options event on the open stream: median ${figures.optionsEvent.medianMs} ms, worst ${figures.optionsEvent.worstMs} ms; → the lounge option on the open page in Chromium: ${inBrowser ? `median ${inBrowser.medianMs} ms, worst ${inBrowser.worstMs} ms` : `not measured (${String(shown)})`} (${DELAYS} delays each)`,
  );
  return figures;
}

/** A trip on AC856 (Toronto) `days` from now for the signed-in user: its flight's row. */
async function insureFlight(
  app: FastifyInstance,
  database: Database,
  headers: Headers,
  days: number,
): Promise<Insured> {
  const embarkDate = DateTime.utc().plus({ days }).toISODate();
  const res = await app.inject({
    method: 'POST',
    url: pathOf(travelContracts.blinkIt),
    headers,
    payload: { flights: [{ flightNumber: 'AC856', embarkDate, origin: 'YYZ' }], passengers: 1 },
  });
  if (res.statusCode !== 201) throw new Error(`blink it: ${res.statusCode} ${res.body}`);
  const trip = tripSchema.parse(res.json());
  const [row] = await database.db
    .select()
    .from(flights)
    .where(eq(flights.id, trip.flights[0]!.flightId));
  return { tripId: trip.tripId, flight: row! };
}

/** What `npm run sim -- flight delay … --minutes 180` does; answers when it started. */
async function delayFlight(database: Database, flight: Flight): Promise<number> {
  const started = performance.now();
  const done = await disruptFlight(database.db, systemClock, {
    flightNumber: flight.flightNumber,
    departureUtc: flight.statusKeyUtc!.toISOString(),
    kind: 'delay',
    minutes: 180,
  });
  if (!done.ok) throw new Error(done.reason);
  await announceFlightChange(database, {
    flightNumber: flight.flightNumber,
    statusKeyUtc: flight.statusKeyUtc!,
  });
  return started;
}

/** The options call of an insured flight. */
const optionsUrlOf = (appUrl: string, { tripId, flight }: Insured) =>
  appUrl +
  pathOf(resolutionsContracts.options, {}, { category: 'flights', tripId, flightId: flight.id });

/**
 * The options route's subject in the bench's table (issue 25 item 2): a flight delayed 3 hours
 * whose lounge was declined and whose cash instead of it was paid (one payment in the trail),
 * cash or points still open. Its options are made by the app's worker, which must be running.
 */
export async function optionsSubject(options: {
  app: FastifyInstance;
  database: Database;
  appUrl: string;
  key: Headers;
}): Promise<{ url: string; headers: Headers }> {
  const { app, database, appUrl, key } = options;
  const { headers } = await login(app, key, demoEmail('travel'));
  const subject = await insureFlight(app, database, headers, 45);
  await delayFlight(database, subject.flight);
  // The delay's options, the lounge's offered (its lounges found).
  const made = async () =>
    (
      await database.db
        .select({ type: resolutions.type, id: resolutions.id, status: resolutions.status })
        .from(resolutions)
        .where(eq(resolutions.flightId, subject.flight.id))
    ).filter((row) => row.type === 'CASH' || (row.type === 'LOUNGE' && row.status !== 'Initial'));
  while ((await made()).length < 2) await sleep(20);
  const select = (body: object) =>
    app.inject({
      method: resolutionsContracts.select.method,
      url: pathOf(resolutionsContracts.select),
      headers,
      payload: {
        category: 'flights',
        tripId: subject.tripId,
        flightId: subject.flight.id,
        ...body,
      },
    });
  const rows = await made();
  const lounge = rows.find((r) => r.type === 'LOUNGE')!;
  const cash = rows.find((r) => r.type === 'CASH')!;
  for (const body of [
    { resolutionId: lounge.id, status: 'None' },
    { resolutionId: cash.id, payoutMethodId: DEMO_IDS.travelPayoutMethod },
  ]) {
    const res = await select(body);
    if (res.statusCode !== 200) throw new Error(`select: ${res.statusCode} ${res.body}`);
  }
  return { url: optionsUrlOf(appUrl, subject), headers };
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_INDEX = new URL('../../apps/web/dist/index.html', import.meta.url);
const en = JSON.parse(
  readFileSync(new URL('../../packages/domain/src/i18n/texts/en.json', import.meta.url), 'utf8'),
) as {
  accounts: { sign_in: { title: string; email: string; password: string; submit: string } };
  resolutions: { card: { options: string }; types: { LOUNGE: string } };
};

/**
 * From the delay to the lounge option on the user's open options page, in Chromium, for each
 * flight: the page is open (signed in, nothing offered yet) when the delay is ordered; the
 * clock stops when the option shows. Answers why not when there is no browser or built app.
 */
async function optionsInBrowser(
  appUrl: string,
  eventsPath: string,
  trips: Insured[],
  delay: (flight: Flight) => Promise<number>,
): Promise<number[] | string> {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM}`;
  if (!existsSync(WEB_INDEX)) return 'the web app is not built: npm run build';
  // The partner is told by the host name, as the portal's visitors reach it.
  const portal = appUrl.replace('127.0.0.1', 'travel.localhost');
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage();
    await page.goto(portal);
    const card = page.getByRole('region', { name: en.accounts.sign_in.title });
    await card.getByRole('textbox', { name: en.accounts.sign_in.email }).fill(demoEmail('travel'));
    await card.getByLabel(en.accounts.sign_in.password, { exact: false }).fill(DEMO_PASSWORD);
    await card.getByRole('button', { name: en.accounts.sign_in.submit }).click();
    await page.waitForURL(/dashboard/);
    const shown: number[] = [];
    for (const trip of trips) {
      // The clock starts once the page holds its events stream (its answer has begun).
      const streaming = page.waitForResponse((response) => response.url().endsWith(eventsPath));
      await page.goto(portal + flightResolutionPath(trip.tripId, trip.flight.id));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await streaming;
      const started = await delay(trip.flight);
      await page
        .getByRole('list', { name: en.resolutions.card.options })
        .getByRole('listitem', { name: en.resolutions.types.LOUNGE, exact: true })
        .waitFor({ timeout: 30_000 });
      shown.push(performance.now() - started);
    }
    return shown;
  } catch (error) {
    // A browser that does not get there is a figure not measured, not a failed bench.
    return `the browser did not see the options: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    await browser.close();
  }
}
