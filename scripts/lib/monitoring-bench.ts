import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountsContracts, monitoringContracts } from '@tern/domain';
import type { Database } from '../../apps/api/src/db/client.ts';
import { announceBreaches } from '../../apps/api/src/modules/monitoring/index.ts';
import { monitoringScanner } from '../../apps/api/src/modules/monitoring/scanner.ts';
import { monitoringRepo } from '../../apps/api/src/modules/monitoring/repo.ts';
import { monitoredItems, monitoringAlerts } from '../../apps/api/src/modules/monitoring/tables.ts';
import { users } from '../../apps/api/src/modules/accounts/tables.ts';
import {
  plantBreach,
  plantBulkBreach,
  simulatedBreachSource,
} from '../../apps/api/src/providers/breaches/simulator/index.ts';
import { DEMO_IDS } from '../../apps/api/src/seed/demo-data.ts';
import { DEMO_PASSWORD, demoEmail, demoPartners } from '../../apps/api/src/seed/demo-world.ts';
import { inSignedInPage, sleep } from './browser-bench.ts';
import { median, pathOf } from './travel-bench.ts';

/** How many breaches are timed from planting to the alert on the page. */
const BREACHES = 10;
/** The scan figure: this many monitored items against a new breach of this many records. */
const SCAN_ITEMS = 100_000;
const SCAN_RECORDS = 1_000_000;
const SCAN_MATCHES = 100;
const DEMO_EMAIL = 'uma.user@identity.example.com';
const en = JSON.parse(
  readFileSync(new URL('../../packages/domain/src/i18n/texts/en.json', import.meta.url), 'utf8'),
) as { monitoring: { alerts: { title: string } } };

/**
 * The monitoring figures of `npm run bench` (issue 29): a breach the operator plants with the
 * demo subscriber's email (what `npm run sim -- breach add` does, without its process start)
 * to the alert raised on the server and shown on the open monitored-data page in Chromium,
 * median and worst of 10; then the scan of 100,000 monitored items against a new breach of
 * 1,000,000 records (time and the process's peak memory). Answers the figures and the
 * subscriber's monitored-data read, for the route's throughput.
 */
export async function monitoringBench(options: {
  app: FastifyInstance;
  database: Database;
  appUrl: string;
  say: (line: string) => void;
}) {
  const { app, database, appUrl, say } = options;
  const identity = demoPartners.find((p) => p.id === 'identity')!;
  const key = { 'api-key': identity.apiKey };
  const login = await app.inject({
    method: 'POST',
    url: pathOf(accountsContracts.login),
    headers: { ...key, 'content-type': 'application/json' },
    payload: {
      emailAddress: demoEmail('identity'),
      password: DEMO_PASSWORD,
      partnerId: 'identity',
    },
  });
  const { token, userId } = login.json<{ token: string; userId: string }>();
  const headers = { ...key, authorization: `Bearer ${token}` };
  const { platform } = app;

  const alerts = async () => {
    const [row] = await database.db
      .select({ n: count() })
      .from(monitoringAlerts)
      .where(eq(monitoringAlerts.itemId, DEMO_IDS.identityEmail));
    return row!.n;
  };
  let planted = 0;
  /** A new breach holding the demo email, as the operator plants one; answers when. */
  const plant = async () => {
    const started = performance.now();
    planted++;
    await plantBreach(
      database.db,
      platform,
      {
        name: `BenchShop${planted}`,
        title: `Bench Shop ${planted}`,
        domain: `benchshop${planted}.example`,
        breachDate: '2026-10-01',
        dataClasses: ['Email addresses', 'Passwords'],
        description: 'A shop lost its customer list.',
        isVerified: true,
        isFabricated: false,
        isSpamList: false,
        isSensitive: false,
      },
      [{ dataType: 'EMAIL_ADDRESS', value: DEMO_EMAIL }],
    );
    await announceBreaches(database);
    return started;
  };

  const raised: number[] = [];
  const shown = await inBrowser(appUrl, async (onPage) => {
    for (let i = 0; i < BREACHES; i++) {
      const before = await alerts();
      const started = await plant();
      while ((await alerts()) === before) await sleep(5);
      raised.push(performance.now() - started);
      if (onPage) await onPage(before + 1, started);
    }
  });
  if (raised.length === 0)
    for (let i = 0; i < BREACHES; i++) {
      const before = await alerts();
      const started = await plant();
      while ((await alerts()) === before) await sleep(5);
      raised.push(performance.now() - started);
    }
  const figure = (values: number[]) => ({
    medianMs: Math.round(median(values)),
    worstMs: Math.round(Math.max(...values)),
  });
  const onPage = Array.isArray(shown) ? figure(shown) : null;

  const figures = {
    alertRaised: figure(raised),
    alertShown: onPage ?? { skipped: shown },
  };
  say(
    `\nmonitoring: operator's breach with the subscriber's email → alert raised (server): median ${figures.alertRaised.medianMs} ms, worst ${figures.alertRaised.worstMs} ms; → shown on the open monitored-data page in Chromium: ${onPage ? `median ${onPage.medianMs} ms, worst ${onPage.worstMs} ms` : `not measured (${String(shown)})`} (${BREACHES} breaches)`,
  );
  return {
    figures,
    read: {
      url: appUrl + pathOf(monitoringContracts.subscriptions, { userId }, { active: 'true' }),
      headers,
      userId,
    },
    /** The scan figure: run last (its million rows would weigh on the routes' figures). */
    scan: async () => {
      const scan = await scanFigure(app, database);
      say(
        `monitoring: ${SCAN_ITEMS.toLocaleString('en')} monitored items against a new breach of ${SCAN_RECORDS.toLocaleString('en')} records: planted in ${scan.plantS} s; matched in ${scan.matchS} s (${scan.recordsPerSecond.toLocaleString('en')} records/s), ${scan.alerts} alerts; during the match the process peaked at ${scan.peakRssMb} MB RSS (${scan.rssGrowthMb} MB above where it started), ${scan.peakHeapMb} MB heap`,
      );
      return scan;
    },
  };
}

/**
 * 100,000 monitored items (1,000 subscribers of 100 each, written straight to the table with
 * their keyed hashes), then a breach of 1,000,000 email records of which 100 are theirs, matched
 * by the scanner as the read-breaches job matches a new breach. Memory is sampled every 50 ms.
 */
async function scanFigure(app: FastifyInstance, database: Database) {
  const { db } = database;
  const { platform } = app;
  const subscribers = SCAN_ITEMS / 100;
  const userIds: string[] = [];
  for (let from = 0; from < subscribers; from += 500) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(500, subscribers - from) }, (_, i) => ({
          partnerId: 'identity',
          emailAddress: `scan-bench-${from + i}@bench.example`,
          firstName: 'Scan',
          surname: 'Bench',
        })),
      )
      .returning({ id: users.id });
    userIds.push(...rows.map((r) => r.id));
  }
  const emailOf = (i: number) => `scan-item-${i}@bench.example`;
  for (let from = 0; from < SCAN_ITEMS; from += 5_000) {
    await db.insert(monitoredItems).values(
      Array.from({ length: Math.min(5_000, SCAN_ITEMS - from) }, (_, k) => {
        const i = from + k;
        return {
          userId: userIds[i % subscribers]!,
          partnerId: 'identity',
          dataType: 'EMAIL_ADDRESS' as const,
          friendlyName: 'Bench email',
          displayValue: 'sc****@bench.example',
          valueFingerprint: platform.fingerprints.of('EMAIL_ADDRESS', emailOf(i)),
          valueEncrypted: platform.encryption.encrypt(emailOf(i)),
        };
      }),
    );
  }
  const matching = Array.from({ length: SCAN_MATCHES }, (_, j) => ({
    dataType: 'EMAIL_ADDRESS' as const,
    value: emailOf(j * (SCAN_ITEMS / SCAN_MATCHES)),
  }));
  let plantStarted = performance.now();
  const { breach } = await plantBulkBreach(db, platform, {
    name: 'BenchMegaBreach',
    records: SCAN_RECORDS,
    matching,
  });
  const plantS = (performance.now() - plantStarted) / 1000;
  // The scanner as the read-breaches job runs it, on the same source and database.
  const scanner = monitoringScanner({
    repo: monitoringRepo(db),
    source: simulatedBreachSource(platform),
    fingerprints: platform.fingerprints,
    encryption: platform.encryption,
    clock: platform.clock,
    notifier: { changed: async () => {}, alertRaised: async () => {} },
    events: platform.partnerEvents,
    partnerById: (id) => app.partners.byId(id),
    log: app.log,
  });
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  plantStarted = performance.now();
  try {
    await scanner.matchBreach(breach, new Set());
  } finally {
    clearInterval(sampler);
  }
  const matchS = (performance.now() - plantStarted) / 1000;
  const [row] = await db
    .select({ n: count() })
    .from(monitoringAlerts)
    .where(eq(monitoringAlerts.breachName, breach.name));
  return {
    items: SCAN_ITEMS,
    records: SCAN_RECORDS,
    alerts: row!.n,
    plantS: Number(plantS.toFixed(1)),
    matchS: Number(matchS.toFixed(1)),
    recordsPerSecond: Math.round(SCAN_RECORDS / matchS),
    peakRssMb: Math.round(peakRss / 2 ** 20),
    rssGrowthMb: Math.round((peakRss - startRss) / 2 ** 20),
    peakHeapMb: Math.round(peakHeap / 2 ** 20),
  };
}

/**
 * Runs `plants` with the subscriber's monitored-data page open in Chromium, timing from each
 * breach to its alert on the page; answers the times, or why the browser was not used.
 */
async function inBrowser(
  appUrl: string,
  plants: (onPage?: (alerts: number, started: number) => Promise<void>) => Promise<void>,
): Promise<number[] | string> {
  return inSignedInPage(appUrl, 'identity', async (page, portal) => {
    const shown: number[] = [];
    await page.goto(`${portal}/monitored-data`);
    await page.getByTestId('monitored-data').waitFor();
    const cards = page
      .getByRole('region', { name: en.monitoring.alerts.title })
      .getByRole('listitem');
    await plants(async (expected, started) => {
      const deadline = Date.now() + 30_000;
      while ((await cards.count()) < expected) {
        if (Date.now() > deadline) throw new Error(`alert ${expected} not shown within 30 s`);
        await sleep(10);
      }
      shown.push(performance.now() - started);
    });
    return shown;
  });
}
