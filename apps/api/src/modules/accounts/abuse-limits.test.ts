import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountsContracts,
  allContracts,
  apiErrorSchema,
  documentsContracts,
  pathParams,
  payoutsContracts,
  resolutionsContracts,
  travelContracts,
  type Contract,
} from '@tern/domain';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { fakeClock } from '../../lib/clock.ts';
import { keysFor } from '../../lib/encryption-for.ts';
import { demoPartners } from '../../seed/demo-world.ts';
import { seedDemo } from '../../seed/seed-demo.ts';
import { keyOf } from '../../../test/accounts.ts';
import { demoPartner, useTestApp, type TestContext } from '../../../test/app.ts';
import { freshDatabase } from '../../../test/database.ts';
import { signIn } from '../../../test/sign-in.ts';
import { urlOf } from '../../../test/urls.ts';
import { scaledLimit } from './abuse-limits.ts';
import { ABUSE_LIMITS, type AbuseTier, type Limit } from './limits.ts';

type Answer = Awaited<ReturnType<FastifyInstance['inject']>>;

/** Every call that carries an abuse class (`ContractDef.limit`). */
const limited = allContracts.filter(
  (contract): contract is Contract & { limit: NonNullable<Contract['limit']> } =>
    contract.limit !== undefined,
);
/** Once this long has passed, every window of every class has ended. */
const longestWindow = Math.max(
  ...Object.values(ABUSE_LIMITS).flatMap((tiers) => Object.values(tiers).map((r) => r.windowMs)),
);

/**
 * A call of the contract with every path parameter `x` and no body: refused by validation
 * (400) or the ownership rules, after the abuse limit has counted it, so a burst of them has
 * no other effect.
 */
const garbage = (contract: Contract) => ({
  method: contract.method,
  url: urlOf(contract, Object.fromEntries(pathParams(contract.path).map((name) => [name, 'x']))),
});

function expectRefused(res: Answer, windowMs: number) {
  expect(res.statusCode, res.body).toBe(429);
  expect(apiErrorSchema.parse(res.json())).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
  // The window opened with the burst's first call; the fake clock has not moved since.
  expect(Number(res.headers['retry-after'])).toBe(windowMs / 1000);
}

describe('the abuse classes', () => {
  // A fifth of each allowance, so that the bursts are short (sign-in/lockout.test.ts meets a
  // whole one). Behind a trusted proxy, so that each test's stranger has an address of their
  // own; the per-route limits of the sign-in routes and the per-process limit out of the way.
  const SCALE = 0.2;
  const allowance = (rule: Limit) => scaledLimit(rule, SCALE);
  const t = useTestApp({
    config: {
      ABUSE_LIMIT_SCALE: String(SCALE),
      AUTH_RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_MAX: '1000000',
      TRUST_PROXY: '127.0.0.1',
    },
  });

  /**
   * Who makes a call of the contract, as the portal or a partner makes it, at a partner that
   * offers its area: a user (staff on staff and partner calls) counted per user, else the
   * client address. Answers the first call of the burst.
   */
  async function firstCall(contract: Contract, address: string) {
    for (const { id: partnerId } of demoPartners) {
      const headers: Record<string, string> = { 'x-forwarded-for': address };
      let tier: AbuseTier = 'perAddress';
      if (contract.access === 'apiKey') Object.assign(headers, keyOf(partnerId));
      else if (contract.access !== 'signedLink') {
        const local = contract.access === 'signedIn' ? 'user' : 'admin';
        Object.assign(headers, (await signIn(t, partnerId, local)).headers);
        tier = 'perUser';
      }
      const call = () => t.app.inject({ ...garbage(contract), headers });
      const first = await call();
      // The partner does not offer the area: its gate answered before the limit counted.
      if (first.statusCode === 404 && first.json().code === 'ROUTE_NOT_FOUND') continue;
      return { first, call, rule: allowance(ABUSE_LIMITS[contract.limit!][tier]) };
    }
    throw new Error(`${contract.id}: no demo partner offers it`);
  }

  it.each(limited.map((c) => [c.id, c.limit, c] as const))(
    '%s (%s): a burst past the allowance of its class answers 429 with Retry-After',
    async (_, abuse, contract) => {
      // Every class's window of every caller has passed since the last test.
      t.clock.advance(longestWindow);
      const { first, call, rule } = await firstCall(contract, '203.0.113.50');
      const statuses = [first.statusCode];
      for (let i = 1; i < rule.limit; i++) statuses.push((await call()).statusCode);
      // Each answered as the contract says it may (its request is garbage), none refused.
      const allowed = new Set<number>(contract.errors.filter((status) => status !== 429));
      expect(statuses.filter((status) => !allowed.has(status))).toEqual([]);
      expectRefused(await call(), rule.windowMs);
      expect(abuse).toBe(contract.limit);
    },
  );

  it('shares one allowance among the calls of a class, and none with another class', async () => {
    t.clock.advance(longestWindow);
    const user = await signIn(t, 'travel');
    const call = (contract: Contract) =>
      t.app.inject({ ...garbage(contract), headers: user.headers });
    const { limit, windowMs } = allowance(ABUSE_LIMITS.money.perUser);
    // The money calls a customer of the travel partner makes.
    const money = [payoutsContracts.resend, travelContracts.blinkIt, resolutionsContracts.select];
    expect(money.map((c) => c.limit)).toEqual(['money', 'money', 'money']);
    const statuses: number[] = [];
    // Round the class's calls until the allowance is spent.
    for (let i = 0; i < limit; i++)
      statuses.push((await call(money[i % money.length]!)).statusCode);
    expect(statuses).not.toContain(429);
    for (const contract of money) expectRefused(await call(contract), windowMs);
    // Messages and uploads have their own allowance.
    expect((await call(payoutsContracts.create)).statusCode).toBe(400);
    expect((await call(documentsContracts.streamUrl)).statusCode).toBe(400);
    // Another user has theirs.
    const other = await signIn(t, 'travel', 'employee');
    expect(
      (await t.app.inject({ ...garbage(travelContracts.blinkIt), headers: other.headers }))
        .statusCode,
    ).toBe(400);
    // The window ends (and the session with it: the user signs in again).
    t.clock.advance(windowMs);
    const later = await signIn(t, 'travel');
    expect(
      (await t.app.inject({ ...garbage(travelContracts.blinkIt), headers: later.headers }))
        .statusCode,
    ).toBe(400);
  });

  it('counts a stranger per address: another address, and the account they name, keep theirs', async () => {
    t.clock.advance(longestWindow);
    const { limit } = allowance(ABUSE_LIMITS.message.perAddress);
    let asked = 0;
    // A new address each time: the limits per email address stay clear.
    const ask = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: urlOf(accountsContracts.forgotPassword),
        headers: { ...keyOf('travel'), 'x-forwarded-for': address },
        payload: { emailAddress: `nobody-${(asked += 1)}@example.com`, partnerId: 'travel' },
      });
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) statuses.push((await ask('203.0.113.51')).statusCode);
    expect(statuses).toEqual([...Array(limit).fill(202), 429]);
    expect((await ask('192.0.2.51')).statusCode).toBe(202);
    // The named account's owner, signed in, still has every message they may send.
    const owner = await signIn(t, 'travel');
    const code = await t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.sendMobileCode, { id: owner.userId }),
      headers: { ...owner.headers, 'x-forwarded-for': '203.0.113.51' },
    });
    expect(code.statusCode).not.toBe(429);
  });
});

/**
 * Limits kept in PostgreSQL: two instances on one database count into one window, for a user,
 * a partner's back end and an address; `ABUSE_LIMIT_SCALE` scales them (a tenth here, so a
 * partner's allowance is a short burst).
 */
describe('the abuse classes across instances', () => {
  const SCALE = 0.1;
  const scaled = (rule: Limit) => scaledLimit(rule, SCALE).limit;
  let database: Database;
  let release: () => Promise<void>;
  const apps: FastifyInstance[] = [];
  const clock = fakeClock();
  /** Building an instance takes seconds on a busy machine. */
  const BUILDS = { timeout: 120_000 };

  const instance = async () => {
    const app = await buildApp({
      config: testConfig({
        ABUSE_LIMIT_SCALE: String(SCALE),
        AUTH_RATE_LIMIT_MAX: '1000000',
        RATE_LIMIT_MAX: '1000000',
        RUN_JOBS: 'false',
      }),
      database,
      clock,
    });
    apps.push(app);
    return app;
  };
  /** An instance as the test helpers take it (`signIn`). */
  const on = (app: FastifyInstance): TestContext => ({ app, database, clock });
  /** The statuses of `n` calls, made on the instances in turn. */
  const burst = async (
    instances: FastifyInstance[],
    n: number,
    call: (app: FastifyInstance) => Promise<Answer>,
  ) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++)
      statuses.push((await call(instances[i % instances.length]!)).statusCode);
    return statuses;
  };

  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
    await seedDemo(database.db, keysFor(testConfig()), clock.now());
    [first, second] = [await instance(), await instance()];
  }, BUILDS.timeout);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await release();
  });

  it(
    "counts a user's calls on either instance into one window, and a restart goes on counting",
    BUILDS,
    async () => {
      const { headers } = await signIn(on(first), 'travel');
      const call = (app: FastifyInstance) =>
        app.inject({ ...garbage(payoutsContracts.resend), headers });
      const limit = scaled(ABUSE_LIMITS.money.perUser);
      expect(await burst([first, second], limit + 1, call)).toEqual([
        ...Array(limit).fill(400),
        429,
      ]);
      expectRefused(await call(second), ABUSE_LIMITS.money.perUser.windowMs);
      expect((await call(await instance())).statusCode).toBe(429);
    },
  );

  it("gives a partner's back end an allowance of its own, counted on both instances", async () => {
    const secret = (partnerId: string) => ({
      ...keyOf(partnerId),
      authorization: `Bearer ${demoPartner(partnerId).serverSecret}`,
    });
    const send = (app: FastifyInstance, headers: Record<string, string>) =>
      app.inject({ ...garbage(payoutsContracts.send), headers });
    const limit = scaled(ABUSE_LIMITS.money.perPartner);
    const statuses = await burst([first, second], limit + 1, (app) => send(app, secret('travel')));
    expect(statuses).toEqual([...Array(limit).fill(400), 429]);
    // Another partner's back end, and the partner's staff in their own sessions, keep theirs.
    expect((await send(first, secret('business'))).statusCode).toBe(400);
    const admin = await signIn(on(second), 'travel', 'admin');
    expect((await send(second, admin.headers)).statusCode).toBe(400);
  });

  it('counts an address on both instances; another address keeps its allowance', async () => {
    const register = (app: FastifyInstance, remoteAddress: string) =>
      app.inject({
        ...garbage(accountsContracts.register),
        headers: keyOf('travel'),
        remoteAddress,
      });
    const limit = scaled(ABUSE_LIMITS.account.perAddress);
    const statuses = await burst([first, second], limit + 1, (app) =>
      register(app, '203.0.113.60'),
    );
    expect(statuses).toEqual([...Array(limit).fill(400), 429]);
    expect((await register(first, '198.51.100.60')).statusCode).toBe(400);
  });
});
