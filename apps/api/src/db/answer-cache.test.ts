import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  resolutionOptionsSchema,
  resolutionsContracts,
  travelContracts,
  tripListSchema,
  tripSchema,
  type Trip,
} from '@tern/domain';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { useTestApp } from '../../test/app.ts';
import { callAs } from '../../test/calls.ts';
import { routeStatements, statementsDuring } from '../../test/queries.ts';
import { signIn, type SignedIn } from '../../test/sign-in.ts';
import { urlOf } from '../../test/urls.ts';
import { loungePasses } from '../modules/resolutions/tables.ts';
import { payments } from '../modules/payouts/tables.ts';
import { answerCache, approximateSize, keyOf } from './answer-cache.ts';

/**
 * The heavy answers kept per process (issue 25 §2): every change of a row they read moves
 * its user's version when it commits, whoever makes it; a kept answer is served only at the
 * version it was read at, only to its owner, and the process keeps a bounded amount.
 */
describe('answer cache', () => {
  const t = useTestApp();
  const call = callAs(t);
  let user: SignedIn;
  let other: SignedIn;
  let trip: Trip;
  beforeAll(async () => {
    user = await signIn(t, 'travel');
    other = await signIn(t, 'travel', 'employee');
    const booked = await call(travelContracts.blinkIt, user, {
      body: {
        flights: [{ flightNumber: 'AC856', embarkDate: '2026-02-01', origin: 'YYZ' }],
        passengers: 1,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    trip = tripSchema.parse(booked.json());
    // Options, their changes, the flight's alert and statuses.
    const reported = await call(travelContracts.alert, user, {
      params: { tripId: trip.tripId, flightId: trip.flights[0]!.flightId },
      body: { alertType: 'DELAY', delayDate: '2026-02-01 11:05' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const added = await call(travelContracts.addPassenger, user, {
      body: { name: 'Grace', surname: 'Hopper', mobilePhoneNumber: '+1 416 555 0199' },
    });
    expect(added.statusCode, added.body).toBe(201);
    // A cash payment and a lounge pass of one of the options.
    const { rows } = await t.database.db.execute<{ id: string }>(
      sql`select id from resolutions where user_id = ${user.userId} limit 1`,
    );
    await t.database.db.insert(payments).values({
      userId: user.userId,
      partnerId: 'travel',
      idempotencyKey: `answer-cache-test-${rows[0]!.id}`,
      amount: 2500,
      currency: 'CAD',
      reason: 'test',
    });
    await t.database.db.insert(loungePasses).values({
      resolutionId: rows[0]!.id,
      firstName: 'Ada',
      surname: 'Lovelace',
      displayCode: 'CODE',
      displayCodeUrl: 'data:,',
      expiresAt: new Date('2026-02-02T00:00:00Z'),
    });
  });

  const versionOf = async (userId: string) => {
    const { rows } = await t.database.pool.query<{ version: string | null }>(
      'select (select version::text from answer_versions where user_id = $1) as version',
      [userId],
    );
    return rows[0]!.version;
  };

  describe('answers', () => {
    let second: FastifyInstance;
    beforeAll(async () => {
      // Another instance of the API on the same database, with caches of its own.
      second = await buildApp({
        config: testConfig({ RUN_JOBS: 'false' }),
        database: t.database,
        clock: t.clock,
      });
      await second.ready();
    });
    afterAll(async () => {
      await second.close();
    });
    const on = (app: FastifyInstance) => callAs({ ...t, app });
    const tripsOf = async (app: FastifyInstance, who = user) => {
      const res = await on(app)(travelContracts.trips, who, { query: { userId: who.userId } });
      expect(res.statusCode, res.body).toBe(200);
      return tripListSchema.parse(res.json());
    };
    const optionsOf = async (app: FastifyInstance) => {
      const res = await on(app)(resolutionsContracts.options, user, {
        query: { category: 'flights', tripId: trip.tripId, flightId: trip.flights[0]!.flightId },
      });
      expect(res.statusCode, res.body).toBe(200);
      return resolutionOptionsSchema.parse(res.json());
    };

    it('are never stale after a change made through another instance', async () => {
      await tripsOf(t.app);
      await optionsOf(t.app);
      const passenger = (await tripsOf(t.app)).find((x) => x.tripId === trip.tripId)!
        .passengers[0]!;
      const renamed = await on(second)(travelContracts.updatePassenger, user, {
        params: { passengerId: passenger.passengerId },
        body: { name: 'Renamed', surname: passenger.surname },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const seen = (await tripsOf(t.app)).find((x) => x.tripId === trip.tripId)!;
      expect(seen.passengers[0]!.name).toBe('Renamed');
      expect((await optionsOf(t.app)).insured.passengers[0]!.name).toBe('Renamed');

      t.clock.advance(60_000);
      const cancelled = await on(second)(travelContracts.alert, user, {
        params: { tripId: trip.tripId, flightId: trip.flights[0]!.flightId },
        body: { alertType: 'CANCELLATION' },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(201);
      expect((await optionsOf(t.app)).alert?.alertType).toBe('CANCELLATION');
      expect(
        (await tripsOf(t.app)).find((x) => x.tripId === trip.tripId)!.alerts[0]!.alertType,
      ).toBe('CANCELLATION');
      // And the other way round.
      expect(await tripsOf(second)).toEqual(await tripsOf(t.app));
      expect(await optionsOf(second)).toEqual(await optionsOf(t.app));
    });

    it('cost one statement when held, the version, and two when it moved', async () => {
      const url = urlOf(travelContracts.trips, {}, { userId: user.userId });
      const count = async () =>
        routeStatements(
          await statementsDuring(t, () => t.app.inject({ url, headers: user.headers })),
        );
      await count();
      const held = await count();
      expect(held).toEqual([expect.objectContaining({ name: 'answer_version_of_user' })]);
      await t.database.pool.query("update passengers set name = name || '' where user_id = $1", [
        user.userId,
      ]);
      const moved = await count();
      expect(moved.map((s) => s.name)).toEqual(['answer_version_of_user', 'travel_trips_of_user']);
    });

    it("are never served to another user: each reads their own rows' answer", async () => {
      // Both at the same version (neither has a row): only the key tells them apart.
      await t.database.pool.query('delete from answer_versions where user_id = any($1)', [
        [user.userId, other.userId],
      ]);
      const mine = await tripsOf(t.app, user);
      expect(mine.length).toBeGreaterThan(0);
      const theirs = await tripsOf(t.app, other);
      expect(theirs.map((x) => x.tripId)).not.toContain(trip.tripId);
      expect(theirs).toEqual(await tripsOf(second, other));
    });
  });

  describe('keys and bounds', () => {
    it('name the partner and the user apart from the route', () => {
      expect(keyOf({ partnerId: 'a', userId: 'u' }, 'trips')).not.toBe(
        keyOf({ partnerId: 'b', userId: 'u' }, 'trips'),
      );
      expect(keyOf({ partnerId: 'a', userId: 'u' }, 'trips')).not.toBe(
        keyOf({ partnerId: 'a', userId: 'v' }, 'trips'),
      );
    });

    it('keep at most their size, dropping the least recently used', async () => {
      const cache = answerCache<string>(t.database.db, { maxSize: 10, sizeOf: approximateSize });
      let loads = 0;
      const read = (key: string, value: string) =>
        cache.read(user.userId, key, async () => {
          loads++;
          return { version: (await versionOf(user.userId)) ?? '0', value };
        });
      await read('a', 'aaaa');
      await read('b', 'bbbb');
      expect(await read('a', 'changed')).toBe('aaaa');
      await read('c', 'cccc');
      expect(cache.stats()).toEqual({ entries: 2, size: 8 });
      loads = 0;
      expect(await read('a', 'changed')).toBe('aaaa');
      expect(loads).toBe(0);
      expect(await read('b', 'bbbb again')).toBe('bbbb again');
      expect(loads).toBe(1);
      // Too big to keep at all: answered, not kept.
      expect(await read('d', 'x'.repeat(11))).toBe('x'.repeat(11));
      expect(cache.stats().size).toBeLessThanOrEqual(10);
    });
  });
  describe('versions', () => {
    // Each table an answer reads, and which of its rows are the user's.
    const owned: [string, string][] = [
      ['lounge_passes', 'resolution_id in (select id from resolutions where user_id = $1)'],
      ['resolution_events', 'resolution_id in (select id from resolutions where user_id = $1)'],
      ['payments', 'user_id = $1'],
      [
        'flight_status_changes',
        'flight_id in (select f.id from flights f join trips t on t.id = f.trip_id where t.user_id = $1)',
      ],
      [
        'flight_alerts',
        'flight_id in (select f.id from flights f join trips t on t.id = f.trip_id where t.user_id = $1)',
      ],
      ['trip_passengers', 'trip_id in (select id from trips where user_id = $1)'],
      ['resolutions', 'user_id = $1'],
      ['flights', 'trip_id in (select id from trips where user_id = $1)'],
      // One on no trip (a trip's passengers are kept while it is).
      ['passengers', 'user_id = $1 and id not in (select passenger_id from trip_passengers)'],
      ['trips', 'user_id = $1'],
    ];

    /** Runs `text` and answers whether the user's version moved and the other's stood. */
    const moves = async (text: string, values: unknown[]) => {
      const [mine, theirs] = [await versionOf(user.userId), await versionOf(other.userId)];
      const { rowCount } = await t.database.pool.query(text, values);
      expect(rowCount).toBeGreaterThan(0);
      expect(await versionOf(other.userId)).toBe(theirs);
      return (await versionOf(user.userId)) !== mine;
    };

    it("move for every user with a trip on a policy whose cap another user's option used", async () => {
      const { rows } = await t.database.pool.query<{ cap_key: string }>(
        'select cap_key from resolutions where user_id = $1 limit 1',
        [user.userId],
      );
      // The other user's trip on the same policy (a policy moved from one account to another).
      const policy = rows[0]!.cap_key.startsWith('policy:')
        ? rows[0]!.cap_key.slice('policy:'.length)
        : 'SHARED-POLICY';
      await t.database.pool.query(
        `update resolutions set cap_key = 'policy:' || $2 where user_id = $1`,
        [user.userId, policy],
      );
      await t.database.pool.query(
        `insert into trips (user_id, partner_id, type, policy_number)
           select $1, partner_id, type, lower($2) from trips where user_id = $3 limit 1`,
        [other.userId, policy, user.userId],
      );
      const before = await versionOf(other.userId);
      await t.database.pool.query('update resolutions set paid_amount = 1 where user_id = $1', [
        user.userId,
      ]);
      expect(await versionOf(other.userId)).not.toBe(before);
      await t.database.pool.query('delete from trips where user_id = $1', [other.userId]);
    });

    it.each(owned)('move when a row of %s is updated, deleted or inserted', async (table, mine) => {
      // An update that changes nothing still moves it (the trigger need not know), except a
      // flight's: see below.
      const id = table === 'trip_passengers' ? 'trip_id' : 'id';
      const change = table === 'flights' ? 'delay_minutes = delay_minutes + 1' : `${id} = ${id}`;
      expect(await moves(`update ${table} set ${change} where ${mine}`, [user.userId])).toBe(true);
      const { rows } = await t.database.pool.query<{ row: object }>(
        `select row_to_json(x.*) as row from ${table} x where ${mine} limit 1`,
        [user.userId],
      );
      const row = rows[0]!.row;
      const key = table === 'trip_passengers' ? ['trip_id', 'passenger_id'] : ['id'];
      const match = key.map((k, i) => `${k} = ($${i + 1}::json->>'${k}')::uuid`).join(' and ');
      // Children first: a parent's delete takes its children with it (put back with it here
      // only where the next step needs them: the row itself).
      expect(
        await moves(`delete from ${table} where ${match.replaceAll(/\$\d/g, '$1')}`, [row]),
      ).toBe(true);
      expect(
        await moves(`insert into ${table} select * from json_populate_record(null::${table}, $1)`, [
          row,
        ]),
      ).toBe(true);
    });

    it("do not move for a flight's next look, which no answer shows", async () => {
      const before = await versionOf(user.userId);
      await t.database.pool.query(
        `update flights set next_check_at = now(), updated_at = now()
           where trip_id in (select id from trips where user_id = $1)`,
        [user.userId],
      );
      expect(await versionOf(user.userId)).toBe(before);
      await t.database.pool.query(
        `update flights set next_check_at = now(), is_monitored = not is_monitored
           where trip_id in (select id from trips where user_id = $1)`,
        [user.userId],
      );
      expect(await versionOf(user.userId)).not.toBe(before);
    });

    it('move when the change commits, not before, and not for a change rolled back', async () => {
      const client = await t.database.pool.connect();
      try {
        const before = await versionOf(user.userId);
        await client.query('begin');
        await client.query("update passengers set name = name || '' where user_id = $1", [
          user.userId,
        ]);
        expect(await versionOf(user.userId)).toBe(before);
        await client.query('rollback');
        expect(await versionOf(user.userId)).toBe(before);
        await client.query('begin');
        await client.query("update passengers set name = name || '' where user_id = $1", [
          user.userId,
        ]);
        await client.query('update trips set booking_ref = booking_ref where user_id = $1', [
          user.userId,
        ]);
        expect(await versionOf(user.userId)).toBe(before);
        await client.query('commit');
        expect(await versionOf(user.userId)).not.toBe(before);
      } finally {
        client.release();
      }
    });
  });
});
