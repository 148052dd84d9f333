import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountsContracts, claimsContracts } from '@tern/domain';
import type { Database } from '../../apps/api/src/db/client.ts';
import { announceTriggers } from '../../apps/api/src/modules/claims/index.ts';
import { itemAlerts } from '../../apps/api/src/modules/claims/tables.ts';
import {
  DEFAULT_TRIGGER_SOURCES,
  recordTrigger,
} from '../../apps/api/src/providers/parametric-triggers/simulator/index.ts';
import { DEMO_IDS } from '../../apps/api/src/seed/demo-data.ts';
import { DEMO_PASSWORD, demoEmail, demoPartners } from '../../apps/api/src/seed/demo-world.ts';
import { inSignedInPage, sleep } from './browser-bench.ts';
import { median, pathOf } from './travel-bench.ts';

/** How many triggers are timed; with the demo's own claim the customer then has 11. */
export const TRIGGERS = 10;

/**
 * The claims figures of `npm run bench` (issue 28): from a flood the trigger feed's operator
 * records at the demo café (what `npm run sim -- parametric trigger` does, without its
 * process start) to the claim opened on the server, and to its card on the customer's open
 * Insurance and claims page in Chromium, median and worst of 10. Answers the figures and the
 * customer's claims list (then 11 claims), for the route's throughput.
 */
export async function claimsBench(options: {
  app: FastifyInstance;
  database: Database;
  appUrl: string;
  say: (line: string) => void;
}) {
  const { app, database, appUrl, say } = options;
  const business = demoPartners.find((p) => p.id === 'business')!;
  const key = { 'api-key': business.apiKey };
  const res = await app.inject({
    method: 'POST',
    url: pathOf(accountsContracts.login),
    headers: { ...key, 'content-type': 'application/json' },
    payload: {
      emailAddress: demoEmail('business'),
      password: DEMO_PASSWORD,
      partnerId: 'business',
    },
  });
  const { token } = res.json<{ token: string }>();
  const headers = { ...key, authorization: `Bearer ${token}` };

  const claims = async () => {
    const [row] = await database.db
      .select({ n: count() })
      .from(itemAlerts)
      .where(eq(itemAlerts.itemId, DEMO_IDS.cafe));
    return row!.n;
  };
  /** A flood now at the café, as the operator records it; answers when it was recorded. */
  const flood = async () => {
    const started = performance.now();
    await recordTrigger(database.db, {
      businessRef: DEMO_IDS.cafe,
      type: 'flood',
      measuredValue: 45,
      source: DEFAULT_TRIGGER_SOURCES.flood,
      at: app.platform.clock.now(),
    });
    await announceTriggers(database);
    return started;
  };

  const opened: number[] = [];
  const shown = await inBrowser(appUrl, async (onPage) => {
    for (let i = 0; i < TRIGGERS; i++) {
      const before = await claims();
      const started = await flood();
      while ((await claims()) === before) await sleep(5);
      opened.push(performance.now() - started);
      if (onPage) await onPage(before + 1, started);
    }
  });
  // Without a browser the claims are still opened (and timed on the server).
  if (opened.length === 0)
    for (let i = 0; i < TRIGGERS; i++) {
      const before = await claims();
      const started = await flood();
      while ((await claims()) === before) await sleep(5);
      opened.push(performance.now() - started);
    }
  const figure = (values: number[]) => ({
    medianMs: Math.round(median(values)),
    worstMs: Math.round(Math.max(...values)),
  });
  const onPage = Array.isArray(shown) ? figure(shown) : null;
  const figures = { claimOpened: figure(opened), claimShown: onPage ?? { skipped: shown } };
  say(
    `\nclaims: operator's flood at the café → claim opened (server): median ${figures.claimOpened.medianMs} ms, worst ${figures.claimOpened.worstMs} ms; → its card on the open Insurance and claims page in Chromium: ${onPage ? `median ${onPage.medianMs} ms, worst ${onPage.worstMs} ms` : `not measured (${String(shown)})`} (${TRIGGERS} triggers)`,
  );
  return {
    figures,
    list: { url: appUrl + pathOf(claimsContracts.alerts, {}, { active: 'true' }), headers },
  };
}

/**
 * Runs `triggers` with the customer's Insurance and claims page open in Chromium, timing from
 * each trigger to its card on the page; answers the times, or why the browser was not used
 * (then `triggers` runs without it).
 */
async function inBrowser(
  appUrl: string,
  triggers: (onPage?: (cards: number, started: number) => Promise<void>) => Promise<void>,
): Promise<number[] | string> {
  return inSignedInPage(appUrl, 'business', async (page, portal) => {
    const shown: number[] = [];
    await page.goto(`${portal}/claims`);
    const cards = page.getByRole('heading', { level: 3, name: /CLM-/ });
    await cards.first().waitFor();
    await triggers(async (expected, started) => {
      const deadline = Date.now() + 30_000;
      while ((await cards.count()) < expected) {
        if (Date.now() > deadline) throw new Error(`claim ${expected} not shown within 30 s`);
        await sleep(10);
      }
      shown.push(performance.now() - started);
    });
    return shown;
  });
}
