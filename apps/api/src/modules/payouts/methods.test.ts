import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  bankListSchema,
  payoutMethodListSchema,
  payoutMethodSchema,
  payoutsContracts,
  requiredFieldListSchema,
  routeName,
} from '@tern/domain';
import { DEMO_PASSWORD } from '../../seed/demo-world.ts';
import { payoutMethods } from './tables.ts';
import { useTestApp } from '../../../test/app.ts';
import { actingFor, messagesTo } from '../../../test/accounts.ts';
import { callAs } from '../../../test/calls.ts';
import { routeStatements, statementsDuring } from '../../../test/queries.ts';
import { signIn, type SignedIn } from '../../../test/sign-in.ts';

const CAD = {
  description: 'Everyday chequing',
  type: 'BANK-MANUAL',
  currency: 'CAD',
  legalType: 'INDIVIDUAL',
  institutionNumber: '003',
  transitNumber: '00011',
  accountNumber: '123456789',
  accountType: 'CHECKING',
  emailAddress: 'payouts@example.com',
};
const EUR = {
  description: 'Euro account',
  type: 'BANK-MANUAL',
  currency: 'EUR',
  legalType: 'INDIVIDUAL',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  emailAddress: 'payouts@example.com',
};

describe('payout methods API', () => {
  const t = useTestApp();
  let travel: SignedIn;
  beforeAll(async () => {
    travel = await signIn(t, 'travel');
  });

  const call = callAs(t);
  const create = (who: SignedIn, body: object) => call(payoutsContracts.create, who, { body });
  const list = async (who: SignedIn) =>
    payoutMethodListSchema.parse(
      (await call(payoutsContracts.methods, who, { query: { userId: who.userId } })).json(),
    );

  describe(routeName(payoutsContracts.requiredFields), () => {
    const fields = (who: SignedIn, serviceProvider: string, query: Record<string, string>) =>
      call(payoutsContracts.requiredFields, who, { params: { serviceProvider }, query });

    it("answers a provider's definitions per currency, with the bank lookup and the hidden reference", async () => {
      const manual = requiredFieldListSchema.parse(
        (await fields(travel, 'bank-manual', { currency: 'CAD' })).json(),
      );
      expect(manual.map((f) => f.key)).toEqual([
        'legalType',
        'bankName',
        'institutionNumber',
        'transitNumber',
        'accountNumber',
        'accountType',
        'emailAddress',
      ]);
      expect(manual.find((f) => f.key === 'institutionNumber')?.validationRegexp).toEqual([
        '^\\d{3}$',
      ]);
      expect(manual.find((f) => f.key === 'bankName')?.lookupField?.searchToFieldsMapping).toEqual({
        institutionName: 'bankName',
        institutionNumber: 'institutionNumber',
      });
      const corpay = requiredFieldListSchema.parse(
        (await fields(travel, 'bank-corpay', { currency: 'EUR' })).json(),
      );
      expect(corpay.map((f) => f.key)).toEqual(
        expect.arrayContaining(['iban', 'bic', 'addressLine1', 'reference']),
      );
      expect(corpay.find((f) => f.key === 'reference')).toMatchObject({ readOnly: true });
    });

    it('fixes the legal type to BUSINESS for a parametric partner', async () => {
      const business = await signIn(t, 'business');
      const res = await fields(business, 'bank-manual', { currency: 'GBP' });
      const legalType = requiredFieldListSchema
        .parse(res.json())
        .find((f) => f.key === 'legalType');
      expect(legalType).toMatchObject({ readOnly: true, defaultValue: 'BUSINESS' });
    });

    it('looks banks up in the shipped directory by country and text', async () => {
      const res = await fields(travel, 'service-provider', { country: 'CA', bankSearch: 'royal' });
      expect(res.statusCode).toBe(200);
      const banks = bankListSchema.parse(res.json());
      expect(banks.length).toBeGreaterThan(0);
      expect(banks[0]!.institutionName).toMatch(/royal/i);
      expect(banks[0]!.institutionNumber).toMatch(/^\d{3}$/);
      const none = await fields(travel, 'service-provider', {
        country: 'CA',
        bankSearch: 'zzzqqq',
      });
      expect(none.json()).toEqual([]);
    });

    it('refuses a short search, a search without a country, an unknown provider or one not configured', async () => {
      const short = await fields(travel, 'service-provider', { country: 'CA', bankSearch: 'ro' });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'bankSearch' });
      const noCountry = await fields(travel, 'service-provider', { bankSearch: 'royal' });
      expect(noCountry.json()).toMatchObject({ field: 'country' });
      const unknown = await fields(travel, 'bank-cash', { currency: 'CAD' });
      expect(unknown.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'serviceProvider' });
      const business = await signIn(t, 'business');
      const notOffered = await fields(business, 'bank-corpay', { currency: 'GBP' });
      expect(notOffered.statusCode).toBe(400);
      // A currency the partner does not pay in: said on the currency.
      const euros = await fields(business, 'bank-manual', { currency: 'EUR' });
      expect(euros.statusCode).toBe(400);
      expect(euros.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'currency' });
      const added = await create(business, { ...CAD, type: 'BANK-MANUAL', currency: 'EUR' });
      expect(added.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'currency' });
      const identity = await signIn(t, 'identity');
      // A partner without a payout service has no payout routes.
      const none = await fields(identity, 'bank-manual', { currency: 'CAD' });
      expect(apiErrorSchema.parse(none.json()).code).toBe('ROUTE_NOT_FOUND');
    });
  });

  describe(routeName(payoutsContracts.create), () => {
    it('adds a Canadian bank account, masked, encrypted at rest, and tells the customer by email', async () => {
      const res = await create(travel, CAD);
      expect(res.statusCode).toBe(201);
      const method = payoutMethodSchema.parse(res.json());
      expect(method).toMatchObject({
        description: 'Everyday chequing',
        preferred: 0,
        service: 'bank',
        provider: 'manual',
        type: 'BANK-MANUAL',
        currency: 'CAD',
        accountNumber: '****6789',
        extras: { legalType: 'INDIVIDUAL', accountType: 'CHECKING' },
      });
      expect(res.body).not.toContain('123456789');
      expect(res.body).not.toContain('00011');
      const [row] = await t.database.db
        .select()
        .from(payoutMethods)
        .where(eq(payoutMethods.id, method.payoutMethodId));
      expect(JSON.stringify(row)).not.toContain('123456789');
      const [notice] = await messagesTo(t, 'user@travel.example.com');
      expect(notice).toMatchObject({ template: 'payout-method-changed' });
      expect(notice!.text).toContain('Everyday chequing');
    });

    it('makes a first method the preferred one', async () => {
      const colleague = await signIn(t, 'travel', 'agent');
      const res = await create(colleague, CAD);
      expect(res.json().preferred).toBe(1);
    });

    it('makes exactly one of parallel first methods the preferred one', async () => {
      const employee = await signIn(t, 'travel', 'employee');
      const added = await Promise.all(
        ['One', 'Two', 'Three', 'Four', 'Five'].map((name) =>
          create(employee, { ...CAD, description: `Account ${name}` }),
        ),
      );
      expect(added.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(added.filter((res) => res.json().preferred === 1)).toHaveLength(1);
      const methods = await list(employee);
      expect(methods).toHaveLength(5);
      expect(methods.filter((m) => m.preferred === 1)).toHaveLength(1);
    });

    it('keeps one method preferred when one is added while the preferred one is removed', async () => {
      const admin = await signIn(t, 'travel', 'admin');
      for (let round = 0; round < 4; round++) {
        const [preferred] = await list(admin);
        const [removed, added] = await Promise.all([
          preferred
            ? call(payoutsContracts.remove, admin, { params: { id: preferred.payoutMethodId } })
            : undefined,
          create(admin, { ...CAD, description: `Round ${round}` }),
        ]);
        if (removed) expect(removed.statusCode).toBe(200);
        expect(added.statusCode).toBe(201);
        const methods = await list(admin);
        expect(methods.filter((m) => m.preferred === 1)).toHaveLength(1);
      }
    });

    it('adds a method in two round trips: the holder, then one statement under the lock with its notice and event', async () => {
      const user = await signIn(t, 'travel');
      await list(user);
      let status = 0;
      const statements = await statementsDuring(t, async () => {
        ({ statusCode: status } = await create(user, { ...CAD, description: 'Counted' }));
      });
      expect(status).toBe(201);
      expect(routeStatements(statements)).toHaveLength(2);
      const writes = statements.filter((s) => s.text.includes('"payout_methods"'));
      expect(writes).toHaveLength(1);
      expect(writes[0]!.text).toContain('pg_advisory_xact_lock');
      expect(writes[0]!.text).toContain('graphile_worker.add_job');
      expect(writes[0]!.text).toContain('live_publish');
    });

    describe('commits the method, its notice and its event together', () => {
      const queued = async (userId: string) => {
        const { rows } = await t.database.pool.query<{ jobs: string; events: string }>(
          `select (select count(*) from graphile_worker.jobs) as jobs,
                  (select count(*) from live_events where user_id = $1) as events`,
          [userId],
        );
        return rows[0]!;
      };
      const refuse = (table: string, when: string) =>
        t.database.pool.query(`
          create or replace function refuse_for_test() returns trigger language plpgsql as $$
          begin raise exception 'refused for the test'; end $$;
          create trigger refuse_for_test before insert on ${table}
            for each row when (${when}) execute function refuse_for_test();`);
      const allow = (table: string) =>
        t.database.pool.query(`drop trigger refuse_for_test on ${table}`);

      it('a method that is not added queues no notice and announces nothing', async () => {
        const user = await signIn(t, 'travel');
        // No job runs (and leaves the queue) meanwhile.
        await t.app.platform.jobs.settled();
        await t.app.platform.jobs.stop();
        try {
          const before = await queued(user.userId);
          await refuse('payout_methods', `new.description = 'Refused'`);
          const res = await create(user, { ...CAD, description: 'Refused' });
          await allow('payout_methods');
          expect(res.statusCode).toBe(500);
          expect(await queued(user.userId)).toEqual(before);
        } finally {
          await t.app.platform.jobs.start(t.app.log);
        }
      });

      it('a notice that cannot be queued adds no method', async () => {
        const user = await signIn(t, 'travel');
        const before = await list(user);
        await refuse('live_events', 'true');
        const res = await create(user, { ...CAD, description: 'Unannounced' });
        await allow('live_events');
        expect(res.statusCode).toBe(500);
        expect(await list(user)).toEqual(before);
      });
    });

    it('flags every field that breaks its definition with 422 PAYMENT_FIELDS_INVALID', async () => {
      const res = await create(travel, {
        ...CAD,
        institutionNumber: '3',
        accountNumber: '',
        accountType: 'CHEQUE',
        emailAddress: 'not-an-email',
        nickname: 'extra',
      });
      expect(res.statusCode).toBe(422);
      const error = apiErrorSchema.parse(res.json());
      expect(error.code).toBe('PAYMENT_FIELDS_INVALID');
      expect(error.details).toEqual([
        { field: 'institutionNumber', message: 'validation.invalid' },
        { field: 'accountNumber', message: 'validation.required' },
        { field: 'accountType', message: 'validation.invalid' },
        { field: 'emailAddress', message: 'validation.inv_email' },
        { field: 'nickname', message: 'validation.invalid' },
      ]);
    });

    it('refuses an IBAN whose check digits are wrong, then takes the right one, stored electronic', async () => {
      const wrong = await create(travel, { ...EUR, iban: 'DE89 3704 0044 0532 0130 01' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({ field: 'iban', details: [{ field: 'iban' }] });
      const right = await create(travel, EUR);
      expect(right.statusCode).toBe(201);
      expect(right.json()).toMatchObject({ iban: '****3000', currency: 'EUR' });
    });

    it('runs the UK modulus check and the US routing checksum', async () => {
      const gbp = {
        description: 'UK',
        type: 'BANK-MANUAL',
        currency: 'GBP',
        legalType: 'INDIVIDUAL',
        emailAddress: 'a@example.com',
      };
      const badUk = await create(travel, { ...gbp, sortCode: '089999', accountNumber: '66374959' });
      expect(badUk.json()).toMatchObject({
        code: 'PAYMENT_FIELDS_INVALID',
        field: 'accountNumber',
      });
      const goodUk = await create(travel, {
        ...gbp,
        sortCode: '089999',
        accountNumber: '66374958',
      });
      expect(goodUk.statusCode).toBe(201);
      const usd = {
        ...gbp,
        description: 'US',
        currency: 'USD',
        accountNumber: '000123456',
        accountType: 'SAVINGS',
      };
      const badUs = await create(travel, { ...usd, routingNumber: '011000016' });
      expect(badUs.json()).toMatchObject({ field: 'routingNumber' });
      const goodUs = await create(travel, { ...usd, routingNumber: '011000015' });
      expect(goodUs.statusCode).toBe(201);
    });

    it('refuses a missing or long description and a provider the partner does not use', async () => {
      const long = await create(travel, { ...CAD, description: 'x'.repeat(46) });
      expect(long.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'description' });
      const none = await create(travel, { ...CAD, description: ' ' });
      expect(none.json()).toMatchObject({ field: 'description' });
      const business = await signIn(t, 'business');
      const corpay = await create(business, { ...CAD, type: 'BANK-CORPAY' });
      expect(corpay.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'type' });
    });

    it('asks for the password from a session older than 10 minutes', async () => {
      const stale = await signIn(t, 'travel');
      t.clock.advance(11 * 60_000);
      const bare = await create(stale, CAD);
      expect(bare.statusCode).toBe(403);
      expect(bare.json()).toMatchObject({ code: 'RECENT_SIGN_IN_REQUIRED', field: 'password' });
      const wrong = await create(stale, { ...CAD, password: 'Not-the-password-1' });
      expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD', field: 'password' });
      const right = await create(stale, { ...CAD, password: DEMO_PASSWORD });
      expect(right.statusCode).toBe(201);
      const fresh = await signIn(t, 'travel');
      expect((await create(fresh, CAD)).statusCode).toBe(201);
    });

    it('is for the account holder: an agent acting for the customer gets 403', async () => {
      const agent = await signIn(t, 'travel', 'agent');
      const acting = await actingFor(t, agent, travel.userId);
      const res = await create({ ...travel, headers: acting }, CAD);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ACCOUNT_HOLDER_ONLY');
    });
  });

  describe(routeName(payoutsContracts.update), () => {
    it('moves the preferred flag; of parallel moves to every method exactly one ends preferred', async () => {
      const user = await signIn(t, 'travel');
      const methods = await list(user);
      expect(methods.length).toBeGreaterThan(3);
      const target = methods.at(-1)!;
      const res = await call(payoutsContracts.update, user, {
        params: { id: target.payoutMethodId },
        body: { preferred: 1 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().preferred).toBe(1);
      expect((await list(user))[0]!.payoutMethodId).toBe(target.payoutMethodId);
      const moves = await Promise.all(
        methods.map((method) =>
          call(payoutsContracts.update, user, {
            params: { id: method.payoutMethodId },
            body: { preferred: 1 },
          }),
        ),
      );
      expect(moves.map((move) => move.statusCode)).toEqual(methods.map(() => 200));
      expect((await list(user)).filter((m) => m.preferred === 1)).toHaveLength(1);
    });

    it('changes the address, and moves a method to Corpay with its fields checked again', async () => {
      const user = await signIn(t, 'travel');
      const [method] = (await list(user)).filter(
        (m) => m.type === 'BANK-MANUAL' && m.currency === 'CAD',
      );
      const address = await call(payoutsContracts.update, user, {
        params: { id: method!.payoutMethodId },
        body: {
          addressLine1: '1 Main St',
          townCity: 'Ottawa',
          province: 'ON',
          postCode: 'K1A 0A1',
        },
      });
      expect(address.statusCode).toBe(200);
      expect(address.json().extras).toMatchObject({
        addressLine1: '1 Main St',
        townCity: 'Ottawa',
      });
      // Corpay also needs the beneficiary's address: the one the method holds now serves.
      const corpay = await call(payoutsContracts.update, user, {
        params: { id: method!.payoutMethodId },
        body: { type: 'BANK-CORPAY' },
      });
      expect(corpay.statusCode).toBe(200);
      expect(corpay.json()).toMatchObject({
        type: 'BANK-CORPAY',
        provider: 'corpay',
        vendor: 'service-provider',
        accountNumber: method!.accountNumber,
      });
      // Corpay defines the post code: an address change is checked against it now.
      const badPostCode = await call(payoutsContracts.update, user, {
        params: { id: method!.payoutMethodId },
        body: { postCode: '!!!###' },
      });
      expect(badPostCode.json()).toMatchObject({
        code: 'PAYMENT_FIELDS_INVALID',
        field: 'postCode',
      });
      const shortAccount = await call(payoutsContracts.update, user, {
        params: { id: method!.payoutMethodId },
        body: { accountNumber: '12' },
      });
      expect(shortAccount.json()).toMatchObject({
        code: 'PAYMENT_FIELDS_INVALID',
        field: 'accountNumber',
      });
    });

    it('renames a method without proof even from an old session, and refuses an empty change', async () => {
      const stale = await signIn(t, 'travel');
      t.clock.advance(11 * 60_000);
      const [method] = await list(stale);
      const renamed = await call(payoutsContracts.update, stale, {
        params: { id: method!.payoutMethodId },
        body: { description: 'x'.repeat(100) },
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().description).toHaveLength(100);
      const tooLong = await call(payoutsContracts.update, stale, {
        params: { id: method!.payoutMethodId },
        body: { description: 'x'.repeat(101) },
      });
      expect(tooLong.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'description' });
      const redirect = await call(payoutsContracts.update, stale, {
        params: { id: method!.payoutMethodId },
        body: { accountNumber: '987654321' },
      });
      expect(redirect.json()).toMatchObject({ code: 'RECENT_SIGN_IN_REQUIRED' });
      for (const body of [{}, { password: DEMO_PASSWORD }]) {
        const empty = await call(payoutsContracts.update, stale, {
          params: { id: method!.payoutMethodId },
          body,
        });
        expect(empty.statusCode).toBe(400);
      }
    });

    it("answers another user's method or an unknown id with 404 PAYMENT_METHOD_NOT_FOUND", async () => {
      const [theirs] = await list(travel);
      const colleague = await signIn(t, 'travel', 'agent');
      const business = await signIn(t, 'business');
      for (const [who, id] of [
        [colleague, theirs!.payoutMethodId],
        [business, theirs!.payoutMethodId],
        [business, '11111111-1111-4111-8111-111111111111'],
      ] as const) {
        const res = await call(payoutsContracts.update, who, {
          params: { id },
          body: { preferred: 1 },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('PAYMENT_METHOD_NOT_FOUND');
      }
      const bad = await call(payoutsContracts.update, business, {
        params: { id: 'x' },
        body: { preferred: 1 },
      });
      expect(bad.statusCode).toBe(400);
      const zero = await call(payoutsContracts.update, travel, {
        params: { id: theirs!.payoutMethodId },
        body: { preferred: 0 },
      });
      expect(zero.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'preferred' });
    });
  });

  describe(routeName(payoutsContracts.remove), () => {
    it('removes a method; removing the preferred one makes the oldest other one preferred', async () => {
      const user = await signIn(t, 'travel');
      const before = await list(user);
      const preferred = before[0]!;
      const res = await call(payoutsContracts.remove, user, {
        params: { id: preferred.payoutMethodId },
      });
      expect(res.statusCode).toBe(200);
      const after = payoutMethodListSchema.parse(res.json());
      expect(after).toHaveLength(before.length - 1);
      expect(after.filter((m) => m.preferred === 1)).toHaveLength(1);
      const again = await call(payoutsContracts.remove, user, {
        params: { id: preferred.payoutMethodId },
      });
      expect(again.statusCode).toBe(404);
    });

    it("answers another user's method with 404 and leaves it", async () => {
      const [theirs] = await list(travel);
      for (const who of [await signIn(t, 'travel', 'agent'), await signIn(t, 'business')]) {
        const res = await call(payoutsContracts.remove, who, {
          params: { id: theirs!.payoutMethodId },
        });
        expect(res.statusCode).toBe(404);
      }
      expect((await list(travel)).some((m) => m.payoutMethodId === theirs!.payoutMethodId)).toBe(
        true,
      );
    });
  });
});
