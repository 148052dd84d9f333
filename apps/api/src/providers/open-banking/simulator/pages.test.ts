import { createHash, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { fakeClock } from '../../../lib/clock.ts';
import { loggerOptions, urlRedaction } from '../../../plugins/logging.ts';
import { registerSecurityHeaders } from '../../../plugins/security-headers.ts';
import { freshDatabase } from '../../../../test/database.ts';
import type { ConsentJourney, OpenBankingPort } from '../port.ts';
import { accountIds, bankBrowser, hiddenField } from './bank-browser.ts';
import { CONSENT_PAGE_PATH, openBankingPages, simulatedOpenBanking } from './index.ts';

const redirectUri = 'https://business.example/permissions/grant';

describe('the simulated bank’s consent page', () => {
  let database: Database;
  let release: () => Promise<void>;
  let app: FastifyInstance;
  let port: OpenBankingPort;
  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
    const deps = { db: database.db, clock: fakeClock() };
    app = Fastify();
    openBankingPages(app, deps);
    await app.ready();
    port = simulatedOpenBanking(deps);
  });
  afterAll(async () => {
    await app.close();
    await release();
  });

  const start = async (customerRef: string = randomUUID()) => {
    const journey: ConsentJourney = {
      consentRef: randomUUID(),
      redirectUri,
      state: 'state-of-tern',
      customerRef,
    };
    return { journey, url: await port.authorizeUrl(journey) };
  };
  /** The consent screen of `bank`, opened in `browser` (the chooser first, as a customer). */
  const consentScreen = async (
    browser: ReturnType<typeof bankBrowser>,
    url: string,
    bank = 'lanyard',
  ) => {
    await browser.open(url);
    return browser.open(`${url}&bank=${bank}`);
  };
  /** The form of a consent screen, with these accounts ticked and this decision. */
  const formOf = (html: string, accounts: string[], decision = 'allow'): [string, string][] => [
    ['journey', hiddenField(html, 'journey')],
    ['token', hiddenField(html, 'token')],
    ['bank', hiddenField(html, 'bank')],
    ...accounts.map((id): [string, string] => ['account', id]),
    ['decision', decision],
  ];

  it('offers the three banks first, then the chosen bank’s screen: what is shared, with whom, from which accounts', async () => {
    const { url } = await start('customer-7');
    const browser = bankBrowser(app);
    const chooser = await browser.open(url);
    expect(chooser.statusCode).toBe(200);
    expect(chooser.headers['content-type']).toMatch(/^text\/html/);
    for (const bank of ['Lanyard Bank', 'Quayside Building Society', 'Meridian Business Bank'])
      expect(chooser.body).toContain(bank);
    const screen = await browser.open(`${url}&bank=quayside`);
    expect(screen.statusCode).toBe(200);
    expect(screen.body).toMatch(/<html lang="en">/);
    expect(screen.body).toContain('<span class="brand">Quayside Building Society</span>');
    expect(screen.body).toContain('business.example asks to see information about your business');
    expect(screen.body).toMatch(/Balances.*Transactions: the last 24 months/s);
    expect(screen.body).toContain('Access lasts 90 days');
    const ids = accountIds(screen.body);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(ids.length).toBeLessThanOrEqual(3);
    // No box ticked for the customer: they choose.
    expect(screen.body).not.toContain(' checked');
    expect(screen.body.match(/Account ending \d{4}</g)).toHaveLength(ids.length);
    // The same customer sees the same accounts on every visit, and other ones at another bank.
    const again = await bankBrowser(app).open(`${(await start('customer-7')).url}&bank=quayside`);
    expect(accountIds(again.body)).toEqual(ids);
    const elsewhere = await browser.open(`${url}&bank=meridian`);
    expect(accountIds(elsewhere.body)).not.toEqual(ids);
  });

  it('speaks the browser’s language', async () => {
    const { url } = await start();
    const french = bankBrowser(app, { language: 'fr-CA,fr;q=0.9,en;q=0.5' });
    const screen = await consentScreen(french, url);
    expect(screen.body).toMatch(/<html lang="fr">/);
    expect(screen.body).toContain('Partager les informations de vos comptes');
    const mexican = await bankBrowser(app, { language: 'es-MX' }).open(url);
    expect(mexican.body).toMatch(/<html lang="es-MX">/);
    const unknown = await bankBrowser(app, { language: 'xx, *;q=0.1' }).open(url);
    expect(unknown.body).toMatch(/<html lang="en">/);
  });

  it('allows only its own style sheet, no script, and posts only to itself and the return origin', async () => {
    const { url } = await start();
    const screen = await consentScreen(bankBrowser(app), url);
    const policy = String(screen.headers['content-security-policy']);
    expect(policy).toMatch(/default-src 'none'/);
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(policy).toContain("form-action 'self' https://business.example;");
    const style = /<style>([\s\S]*?)<\/style>/.exec(screen.body)![1]!;
    expect(policy).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(screen.body).not.toMatch(/<script|style="/);
    expect(screen.headers['cache-control']).toBe('no-store');
  });

  it('binds its form to the browser: the token in an HttpOnly cookie and in the form', async () => {
    const { url } = await start();
    const browser = bankBrowser(app);
    const screen = await consentScreen(browser, url);
    const cookie = [screen.headers['set-cookie']].flat()[0]!;
    expect(cookie).toMatch(
      new RegExp(`; Path=${CONSENT_PAGE_PATH}; Max-Age=\\d+; HttpOnly; SameSite=Lax`),
    );
    const form = formOf(screen.body, accountIds(screen.body).slice(0, 1));
    // Another browser (no cookie), or a forged token: refused, and the journey goes on.
    const stranger = await bankBrowser(app).post(form);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).toContain('This page has expired');
    const forged = await browser.post(
      form.map(([name, value]): [string, string] => [name, name === 'token' ? `${value}x` : value]),
    );
    expect(forged.statusCode).toBe(403);
    expect((await browser.post(form)).statusCode).toBe(303);
  });

  it('asks again for an account when none is ticked, or one that is not the customer’s', async () => {
    const { journey, url } = await start();
    const browser = bankBrowser(app);
    const screen = await consentScreen(browser, url);
    const none = await browser.post(formOf(screen.body, []));
    expect(none.statusCode).toBe(422);
    expect(none.body).toContain('<p class="error" id="accounts-error" role="alert">');
    expect(none.body).toContain('aria-describedby="accounts-error"');
    const [first] = accountIds(screen.body);
    const foreign = await browser.post(formOf(screen.body, [first!, 'lanyard-000000000000']));
    expect(foreign.statusCode).toBe(422);
    // What was ticked stays ticked.
    expect(foreign.body).toContain(`value="${first}" checked`);
    const noBank = await browser.post(
      formOf(screen.body, [first!]).filter(([name]) => name !== 'bank'),
    );
    expect(noBank.statusCode).toBe(400);
    expect(noBank.body).toContain('Choose your bank.');
    const allowed = await browser.post(formOf(screen.body, [first!]));
    expect(allowed.statusCode).toBe(303);
    const back = new URL(allowed.headers.location!);
    expect(back.searchParams.get('consent')).toBe(journey.consentRef);
    const consent = await port.exchange(back.searchParams.get('code')!, journey);
    expect(consent!.accounts.map((account) => account.accountId)).toEqual([first]);
  });

  it('sends the customer back with access_denied on Cancel, from the chooser too', async () => {
    const { journey, url } = await start();
    const browser = bankBrowser(app);
    const chooser = await browser.open(url);
    const cancelled = await browser.post([
      ['journey', hiddenField(chooser.body, 'journey')],
      ['token', hiddenField(chooser.body, 'token')],
      ['decision', 'cancel'],
    ]);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(
      `${redirectUri}?consent=${journey.consentRef}&error=access_denied&state=state-of-tern`,
    );
  });

  it('answers a journey it does not know with 404 and one that has ended with 410, as plain pages', async () => {
    for (const address of [
      `${CONSENT_PAGE_PATH}?journey=${randomUUID()}`,
      `${CONSENT_PAGE_PATH}?journey=not-a-journey`,
      CONSENT_PAGE_PATH,
    ]) {
      const page = await bankBrowser(app).open(address);
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('We could not find this request');
      expect(page.body).not.toContain('<form');
    }
    const { url } = await start();
    const browser = bankBrowser(app);
    const screen = await consentScreen(browser, url);
    const form = formOf(screen.body, accountIds(screen.body));
    expect((await browser.post(form)).statusCode).toBe(303);
    // Allowing twice (a double click, the back button) gives no second code.
    const twice = await browser.post(form);
    expect(twice.statusCode).toBe(410);
    expect(twice.body).toContain('This request has already been answered');
    expect((await browser.open(url)).statusCode).toBe(410);
    const badForm = await browser.post([['journey', 'x']]);
    expect(badForm.statusCode).toBe(400);
  });

  it('shows the chooser again, with its message, for a bank it does not have', async () => {
    const { url } = await start();
    const page = await bankBrowser(app).open(`${url}&bank=northern-rock`);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(
      '<p class="error" id="bank-error" role="alert">Choose your bank.</p>',
    );
  });
});

describe('the simulated bank’s page behind the app’s logger and headers', () => {
  let database: Database;
  let release: () => Promise<void>;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
    // The app's own pieces (app.ts): its logger with the URL redaction routes declare, and
    // the pages' security headers on every answer.
    const redaction = urlRedaction();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = Fastify({ logger: loggerOptions(testConfig({ LOG_LEVEL: 'info' }), redaction, stream) });
    app.addHook('onRoute', (route) => {
      if (route.config?.credentialParams && route.method !== 'HEAD')
        redaction.declare(route.url, route.config.credentialParams);
    });
    registerSecurityHeaders(app, {
      isApi: () => false,
      contentSecurityPolicy: {
        directives: { defaultSrc: ["'self'"], styleSrc: ["'self'", "'unsafe-inline'"] },
      },
    });
    openBankingPages(app, { db: database.db, clock: fakeClock() });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await release();
  });

  it('answers with its own policy over the app’s, and keeps the journey and the code out of the log', async () => {
    const port = simulatedOpenBanking({ db: database.db, clock: fakeClock() });
    const journey: ConsentJourney = {
      consentRef: randomUUID(),
      redirectUri,
      state: 'app-state',
      customerRef: randomUUID(),
    };
    const url = await port.authorizeUrl(journey);
    const journeyId = new URL(url).searchParams.get('journey')!;
    const browser = bankBrowser(app);
    const chooser = await browser.open(url);
    expect(chooser.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self' https:\/\/business\.example;/,
    );
    const back = await browser.answer(url, 'allow');
    expect(await port.exchange(back.searchParams.get('code')!, journey)).not.toBeNull();
    const log = lines.join('');
    expect(log).toContain(`${CONSENT_PAGE_PATH}?journey=[Redacted]`);
    expect(log).not.toContain(journeyId);
    expect(log).not.toContain(back.searchParams.get('code')!);
    expect(log).not.toContain(hiddenField(chooser.body, 'token'));
  });
});
