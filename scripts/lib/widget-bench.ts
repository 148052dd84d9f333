import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WIDGET_EMBED_SCRIPT_PATH } from '@tern/domain';
import { mintWidgetToken } from '@tern/partner-client';
import type { Database } from '../../apps/api/src/db/client.ts';
import { partners } from '../../apps/api/src/modules/partners/tables.ts';
import { webhookEndpoints } from '../../apps/api/src/modules/partners/webhooks/tables.ts';
import { demoEmail, demoPartners } from '../../apps/api/src/seed/demo-world.ts';
import { embedBundle } from '../../apps/api/src/web/embed-script.ts';
import { median } from './travel-bench.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const travel = demoPartners.find((p) => p.id === 'travel')!;
const PANELS = 10;
const DELIVERIES = 100;

const listening = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/**
 * The partner's own page for the widget figures (issue 30): a page on another origin than the
 * portal that includes the embed script and mints tokens for the demo customer with the
 * partner's server secret, as a partner's back end does. Started before the app, so the
 * partner's embedding origins can name it before the app reads them.
 */
export async function widgetHost(database: Database) {
  let portal = '';
  const server = createServer((request, response) => {
    if (request.url === '/token') {
      void mintWidgetToken({
        partnerId: travel.id,
        secret: travel.serverSecret,
        kid: `${travel.id}-demo`,
        origin,
        customer: 'bench-customer',
        email: demoEmail(travel.id),
        first: 'Bench',
        last: 'Customer',
      }).then((token) =>
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ token })),
      );
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><script src="${portal}${WIDGET_EMBED_SCRIPT_PATH}"></script></head><body></body></html>`,
      );
  });
  const origin = await listening(server);
  await database.db
    .update(partners)
    .set({
      config: sql`jsonb_set(${partners.config}, '{widget}', ${JSON.stringify({ embeddingOrigins: [origin] })}::jsonb)`,
    })
    .where(eq(partners.id, travel.id));
  return {
    origin,
    setPortal: (url: string) => {
      portal = url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * What the partner's page runs to time one panel (a browser's script, so a string here): a
 * new element, the embed script's mount, and the time until the panel says it is ready.
 */
const mountOnce = (portal: string) => `new Promise((resolve, reject) => {
  const element = document.createElement('div');
  document.body.append(element);
  const started = performance.now();
  const timer = setTimeout(() => reject(new Error('no ready in 30 s')), 30000);
  element.addEventListener('tern:ready', () => {
    clearTimeout(timer);
    resolve(performance.now() - started);
  });
  window.TernWidget.mount(element, {
    portal: ${JSON.stringify(portal)},
    panel: 'insurance',
    fetchToken: () => fetch('/token').then((r) => r.json()).then((j) => j.token),
  });
})`;

/**
 * The widget's figures: the embed script's weight (gzip); a panel's ready time, from the
 * embed script's mount on the partner's page to the panel's `ready` (its first paint, token
 * minted and exchanged on the way), median and worst of 10 in Chromium; and a webhook's
 * delivery time, from the event raised to the partner's receiver holding it, median and worst
 * of 100, one at a time.
 */
export async function widgetBench(options: {
  app: FastifyInstance;
  appUrl: string;
  host: Awaited<ReturnType<typeof widgetHost>>;
  say: (line: string) => void;
}) {
  const { app, appUrl, host, say } = options;
  const embedScriptGzipBytes = gzipSync((await embedBundle()).code).length;

  const portal = appUrl.replace('127.0.0.1', `${travel.id}.localhost`);
  host.setPortal(portal);
  say(`widget: ${PANELS} panels on ${host.origin}, then ${DELIVERIES} webhooks…`);
  let panelReady: { medianMs: number; worstMs: number } | string;
  if (!existsSync(CHROMIUM)) panelReady = `no Chromium at ${CHROMIUM}`;
  else {
    const browser = await chromium.launch({ executablePath: CHROMIUM });
    try {
      const page = await browser.newPage();
      await page.goto(host.origin);
      const times: number[] = [];
      for (let i = 0; i < PANELS; i++) times.push(await page.evaluate<number>(mountOnce(portal)));
      panelReady = { medianMs: Math.round(median(times)), worstMs: Math.round(Math.max(...times)) };
    } catch (error) {
      panelReady = `the browser did not see it: ${(error as Error).message.split('\n')[0]}`;
      say(`widget: ${panelReady}`);
    } finally {
      await browser.close();
    }
  }

  // The partner's receiver, registered for trips covered.
  const arrived = new Map<string, () => void>();
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      response.writeHead(204).end();
      const { data } = JSON.parse(body) as { data: { tripId: string } };
      arrived.get(data.tripId)?.();
    });
  });
  const receiverUrl = await listening(receiver);
  // Registered as the partner's back end would, but straight into its table: the bench's app
  // runs as production, which takes https endpoints only, and this receiver is plain http.
  const [endpoint] = await app.platform.db
    .insert(webhookEndpoints)
    .values({
      partnerId: travel.id,
      url: `${receiverUrl}/tern`,
      events: ['trip.covered'],
      secretCiphertext: app.platform.encryption.encrypt(
        `whsec_${randomBytes(24).toString('base64')}`,
      ),
    })
    .returning({ id: webhookEndpoints.id });
  let lost = 0;
  const deliveries: number[] = [];
  for (let i = 0; i < DELIVERIES; i++) {
    const tripId = randomUUID();
    // One that has not arrived in 30 s counts as lost (and is said), not waited for for good.
    const received = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 30_000);
      arrived.set(tripId, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    const started = performance.now();
    await app.platform.partnerEvents.emit({
      partnerId: travel.id,
      type: 'trip.covered',
      data: {
        tripId,
        userId: randomUUID(),
        type: 'single',
        externalPolicyNumber: null,
        passengers: 1,
        flights: [],
      },
    });
    if (await received) deliveries.push(performance.now() - started);
    else if (++lost === 3) break;
  }
  await app.platform.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id));
  receiver.close();
  const webhookDelivery = {
    delivered: deliveries.length,
    lost,
    medianMs: deliveries.length ? Math.round(median(deliveries)) : null,
    worstMs: deliveries.length ? Math.round(Math.max(...deliveries)) : null,
  };
  say(
    `widget: embed script ${embedScriptGzipBytes} B gzip; panel ready ${typeof panelReady === 'string' ? panelReady : `median ${panelReady.medianMs} ms, worst ${panelReady.worstMs} ms of ${PANELS}`}; webhook delivered median ${webhookDelivery.medianMs} ms, worst ${webhookDelivery.worstMs} ms (${webhookDelivery.delivered} delivered, ${webhookDelivery.lost} not within 30 s)`,
  );
  return { embedScriptGzipBytes, panelReady, webhookDelivery };
}
