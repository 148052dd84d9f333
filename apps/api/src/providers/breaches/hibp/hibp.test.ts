import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '@tern/domain';
import { fakeClock } from '../../../lib/clock.ts';
import { breachSourcePortSuite } from '../port-suite.ts';
import type { Breach, BreachRecord } from '../port.ts';
import { HIBP_USER_AGENT, HibpRateLimitError, hibpBreachSource, type HibpBreach } from './index.ts';

const KEY = 'hibp-k3y-never-shown-0123456789abcdef';

/**
 * Answers in HIBP API v3's shape (`recorded/`), for its documented integration-test accounts
 * at hibp-integration-tests.com:
 * - breaches.json: `GET /breaches` (five breaches, in no set order, as HIBP gives them);
 * - breachedaccount-<account>.json: `GET /breachedaccount/<account>@hibp-integration-tests.com`
 *   (account-exists: Adobe; spam-list-only: a spam list; sensitive-and-other-breaches);
 * - too-many-requests.json: the body of a 429.
 * Any other account answers 404, as HIBP does for an address in no breach.
 */
const recordedDir = new URL('./recorded/', import.meta.url);
const recorded = (file: string) => readFileSync(new URL(file, recordedDir), 'utf8');
const recordedAccounts = new Map(
  readdirSync(recordedDir)
    .map((file) => /^breachedaccount-(.+)\.json$/.exec(file))
    .filter((match) => match !== null)
    .map((match) => [
      `${match[1]}@hibp-integration-tests.com`,
      JSON.parse(recorded(match[0])) as HibpBreach[],
    ]),
);
const recordedList = JSON.parse(recorded('breaches.json')) as HibpBreach[];

interface Asked {
  /** The path and query as sent (percent-encoding kept). */
  url: string;
  headers: IncomingHttpHeaders;
}
type Answer = { status: number; headers?: Record<string, string>; body?: string };

/**
 * A stand-in for HIBP on a local port: the recorded answers, breaches planted since, and
 * one-off answers queued by a test (`answerNext`); every request kept. Like HIBP, it refuses a
 * breachedaccount call without the key (401) and any call without a user agent (403).
 */
async function hibpServer() {
  const asked: Asked[] = [];
  const queued: Answer[] = [];
  const planted: HibpBreach[] = [];
  const plantedAccounts = new Map<string, HibpBreach[]>();
  const send = (res: ServerResponse, answer: Answer) => {
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body);
  };
  const server = createServer((req, res) => {
    asked.push({ url: req.url!, headers: req.headers });
    const next = queued.shift();
    if (next) return send(res, next);
    if (!req.headers['user-agent']) return send(res, { status: 403 });
    const url = new URL(req.url!, 'http://hibp.test');
    if (url.pathname === '/api/v3/breaches')
      return send(res, { status: 200, body: JSON.stringify([...recordedList, ...planted]) });
    const account = /^\/api\/v3\/breachedaccount\/([^/]+)$/.exec(url.pathname)?.[1];
    if (account !== undefined) {
      if (req.headers['hibp-api-key'] !== KEY)
        return send(res, {
          status: 401,
          body: JSON.stringify({
            statusCode: 401,
            message: 'Access denied due to invalid hibp-api-key.',
          }),
        });
      const email = decodeURIComponent(account).toLowerCase();
      const found = [...(recordedAccounts.get(email) ?? []), ...(plantedAccounts.get(email) ?? [])];
      if (found.length === 0) return send(res, { status: 404 });
      return send(res, { status: 200, body: JSON.stringify(found) });
    }
    send(res, { status: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v3`,
    asked,
    answerNext: (answer: Answer) => queued.push(answer),
    /** HIBP loads a breach: in the list from now on, and for each of its email addresses. */
    plant(breach: Breach, records: BreachRecord[]) {
      const entry: HibpBreach = {
        Name: breach.name,
        Title: breach.title,
        Domain: breach.domain,
        BreachDate: breach.breachDate,
        AddedDate: breach.addedDate,
        ModifiedDate: breach.addedDate,
        PwnCount: records.length,
        Description: breach.description,
        DataClasses: breach.dataClasses,
        IsVerified: breach.isVerified,
        IsFabricated: breach.isFabricated,
        IsSensitive: breach.isSensitive,
        IsSpamList: breach.isSpamList,
      };
      planted.push(entry);
      // HIBP keeps email addresses only.
      for (const record of records.filter((r) => r.dataType === 'EMAIL_ADDRESS')) {
        const email = record.value.trim().toLowerCase();
        plantedAccounts.set(email, [...(plantedAccounts.get(email) ?? []), entry]);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

breachSourcePortSuite('hibp (recorded answers)', async () => {
  const hibp = await hibpServer();
  const clock = fakeClock();
  return {
    port: hibpBreachSource({ baseUrl: hibp.baseUrl, apiKey: KEY, clock }),
    close: hibp.close,
    plant: async (breach, records) => {
      hibp.plant(breach, records);
      // The adapter reuses the list for a minute: the suite reads after that.
      clock.advance(MINUTE_MS);
    },
  };
});

const adobe: Breach = {
  name: 'Adobe',
  title: 'Adobe',
  domain: 'adobe.com',
  breachDate: '2013-10-04',
  addedDate: '2013-12-04T00:00:00.000Z',
  dataClasses: ['Email addresses', 'Password hints', 'Passwords', 'Usernames'],
  description: expect.stringMatching(/^In October 2013, 153 million Adobe accounts.*<a href=/),
  isVerified: true,
  isFabricated: false,
  isSpamList: false,
  isSensitive: false,
};

describe('the Have I Been Pwned breach source', () => {
  let hibp: Awaited<ReturnType<typeof hibpServer>>;
  beforeAll(async () => {
    hibp = await hibpServer();
  });
  afterAll(() => hibp.close());
  const source = (more: Partial<Parameters<typeof hibpBreachSource>[0]> = {}) =>
    hibpBreachSource({ baseUrl: hibp.baseUrl, apiKey: KEY, clock: fakeClock(), ...more });
  /** Requests from here on. */
  const mark = () => {
    const from = hibp.asked.length;
    return () => hibp.asked.slice(from);
  };

  it('asks breachedaccount for the address, url-encoded, with the key and a user agent naming Tern', async () => {
    const requests = mark();
    expect(
      await source().lookup('EMAIL_ADDRESS', ' Account-Exists@HIBP-integration-tests.com '),
    ).toEqual([adobe]);
    const [asked] = requests() as [Asked];
    expect(asked.url).toBe(
      '/api/v3/breachedaccount/account-exists%40hibp-integration-tests.com?truncateResponse=false',
    );
    expect(asked.headers['hibp-api-key']).toBe(KEY);
    expect(asked.headers['user-agent']).toBe(HIBP_USER_AGENT);
    expect(HIBP_USER_AGENT).toMatch(/Tern/);
  });

  it('encodes what else an address may hold, so that it stays one path segment', async () => {
    const requests = mark();
    expect(await source().lookup('EMAIL_ADDRESS', 'first+tag/x?y#z@example.com')).toEqual([]);
    expect(requests()[0]!.url).toBe(
      '/api/v3/breachedaccount/first%2Btag%2Fx%3Fy%23z%40example.com?truncateResponse=false',
    );
  });

  it("maps HIBP's fields: a spam list, a sensitive breach", async () => {
    const [spam] = await source().lookup(
      'EMAIL_ADDRESS',
      'spam-list-only@hibp-integration-tests.com',
    );
    expect(spam).toEqual({
      name: 'OnlinerSpambot',
      title: 'Onliner Spambot',
      domain: '',
      breachDate: '2017-08-28',
      addedDate: '2017-08-29T19:25:56.000Z',
      dataClasses: ['Email addresses', 'Passwords'],
      description: expect.stringContaining('Onliner Spambot'),
      isVerified: true,
      isFabricated: false,
      isSpamList: true,
      isSensitive: false,
    });
    const both = await source().lookup(
      'EMAIL_ADDRESS',
      'sensitive-and-other-breaches@hibp-integration-tests.com',
    );
    expect(both.map((b) => [b.name, b.isSensitive])).toEqual([
      ['Adobe', false],
      ['AshleyMadison', true],
    ]);
  });

  it('answers none for an address HIBP has not seen (404), a blank one, and every other type without asking', async () => {
    const requests = mark();
    expect(await source().lookup('EMAIL_ADDRESS', 'nobody@hibp-integration-tests.com')).toEqual([]);
    expect(requests()).toHaveLength(1);
    expect(await source().lookup('EMAIL_ADDRESS', '   ')).toEqual([]);
    for (const type of ['PHONE_NUMBER', 'PASSPORT', 'CARD'] as const)
      expect(await source().lookup(type, 'account-exists@hibp-integration-tests.com')).toEqual([]);
    expect(requests()).toHaveLength(1);
  });

  it('waits out a 429 for its retry-after, then asks again', async () => {
    const waited: number[] = [];
    const requests = mark();
    hibp.answerNext({
      status: 429,
      headers: { 'retry-after': '3' },
      body: recorded('too-many-requests.json'),
    });
    const port = source({ sleep: async (ms) => void waited.push(ms) });
    expect(await port.lookup('EMAIL_ADDRESS', 'account-exists@hibp-integration-tests.com')).toEqual(
      [adobe],
    );
    expect(waited).toEqual([3000]);
    expect(requests()).toHaveLength(2);
  });

  it('waits for real when no wait is given', async () => {
    hibp.answerNext({ status: 429, headers: { 'retry-after': '1' } });
    const started = performance.now();
    expect(
      await source().lookup('EMAIL_ADDRESS', 'account-exists@hibp-integration-tests.com'),
    ).toHaveLength(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
  });

  it('fails with the wait when HIBP is still limiting after one retry, or asks for too long a wait', async () => {
    const waited: number[] = [];
    const port = source({ sleep: async (ms) => void waited.push(ms), maxRetryWaitMs: 10_000 });
    hibp.answerNext({ status: 429, headers: { 'retry-after': '2' } });
    hibp.answerNext({ status: 429, headers: { 'retry-after': '4' } });
    const twice = port.lookup('EMAIL_ADDRESS', 'account-exists@hibp-integration-tests.com');
    await expect(twice).rejects.toBeInstanceOf(HibpRateLimitError);
    await expect(twice).rejects.toMatchObject({
      retryAfterSeconds: 4,
      message: 'Have I Been Pwned breachedaccount is rate-limited (HTTP 429): retry after 4 s',
    });
    expect(waited).toEqual([2000]);

    const requests = mark();
    hibp.answerNext({ status: 429, headers: { 'retry-after': '3600' } });
    await expect(
      port.lookup('EMAIL_ADDRESS', 'account-exists@hibp-integration-tests.com'),
    ).rejects.toMatchObject({ retryAfterSeconds: 3600 });
    expect(waited).toEqual([2000]);
    expect(requests()).toHaveLength(1);
  });

  it('never shows the key or the address in an error', async () => {
    const address = 'private.person@hibp-integration-tests.com';
    const errors: unknown[] = [];
    const wrongKey = hibpBreachSource({
      baseUrl: hibp.baseUrl,
      apiKey: `${KEY}-old`,
      clock: fakeClock(),
    });
    await wrongKey.lookup('EMAIL_ADDRESS', address).catch((e: unknown) => errors.push(e));
    hibp.answerNext({ status: 503, body: `upstream error for ${address} with key ${KEY}` });
    await source()
      .lookup('EMAIL_ADDRESS', address)
      .catch((e: unknown) => errors.push(e));
    hibp.answerNext({ status: 200, body: `<html>${address}</html>` });
    await source()
      .lookup('EMAIL_ADDRESS', address)
      .catch((e: unknown) => errors.push(e));
    hibp.answerNext({ status: 200, body: JSON.stringify([{ Name: address }]) });
    await source()
      .lookup('EMAIL_ADDRESS', address)
      .catch((e: unknown) => errors.push(e));
    const gone = await hibpServer();
    await gone.close();
    const closed = hibpBreachSource({ baseUrl: gone.baseUrl, apiKey: KEY, clock: fakeClock() });
    await closed.lookup('EMAIL_ADDRESS', address).catch((e: unknown) => errors.push(e));

    expect(errors.map((e) => (e as Error).message)).toEqual([
      'Have I Been Pwned breachedaccount failed: HTTP 401: the hibp-api-key was refused',
      'Have I Been Pwned breachedaccount failed: HTTP 503',
      'Have I Been Pwned breachedaccount answered something other than JSON',
      'Have I Been Pwned breachedaccount answered an unexpected shape',
      'Have I Been Pwned breachedaccount failed: ECONNREFUSED',
    ]);
    for (const error of errors) {
      const shown = `${(error as Error).stack} ${JSON.stringify(error)}`;
      expect(shown).not.toContain(KEY);
      expect(shown).not.toContain('private.person');
    }
  });

  it('reads the list of breaches without the key, oldest added first, and pages on from the cursor', async () => {
    const requests = mark();
    const port = source();
    const first = await port.since(null, 2);
    expect(first.breaches.map((b) => b.name)).toEqual(['Adobe', 'AshleyMadison']);
    expect(first.cursor).toBe('2015-08-18T23:05:22.000Z|AshleyMadison');
    const rest = await port.since(first.cursor, 10);
    expect(rest.breaches.map((b) => b.name)).toEqual(['LinkedIn', 'Dropbox', 'OnlinerSpambot']);
    expect(await port.since(rest.cursor, 10)).toEqual({ breaches: [], cursor: rest.cursor });
    // One list read for the three readings; no key where none is needed.
    expect(requests().map((r) => r.url)).toEqual(['/api/v3/breaches']);
    expect(requests()[0]!.headers['hibp-api-key']).toBeUndefined();
    expect(requests()[0]!.headers['user-agent']).toBe(HIBP_USER_AGENT);
  });

  it('reads the list again once it is a minute old', async () => {
    const clock = fakeClock();
    const port = source({ clock });
    const requests = mark();
    await port.since(null, 1);
    clock.advance(MINUTE_MS - 1);
    await port.since(null, 1);
    clock.advance(1);
    await port.since(null, 1);
    expect(requests()).toHaveLength(2);
  });

  it("gives a breach added in the same minute as the cursor's, after it by name", async () => {
    const port = source();
    const sameMinute = await port.since('2016-05-21T21:35:40.000Z|Abc', 10);
    expect(sameMinute.breaches.map((b) => b.name)).toEqual([
      'LinkedIn',
      'Dropbox',
      'OnlinerSpambot',
    ]);
    const after = await port.since('2016-05-21T21:35:40.000Z|LinkedIn', 10);
    expect(after.breaches.map((b) => b.name)).toEqual(['Dropbox', 'OnlinerSpambot']);
  });

  it('refuses a cursor it never gave, and has no records to give', async () => {
    await expect(source().since('2016-05-21|LinkedIn', 10)).rejects.toThrow(/cursor/);
    await expect(source().since('', 10)).rejects.toThrow(/cursor/);
    expect(source().hasRecords).toBe(false);
    expect(source().lookupTypes).toEqual(['EMAIL_ADDRESS']);
    expect(await source().records('Adobe', null, 10)).toEqual({ records: [], cursor: null });
  });
});
