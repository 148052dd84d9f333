import { beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import {
  AppError,
  apiErrorSchema,
  paymentListSchema,
  paymentSchema,
  payoutsContracts,
  routeName,
  type Payment,
} from '@tern/domain';
import { systemClock } from '../../lib/clock.ts';
import { simulatedTransfers } from '../../providers/payouts/tables.ts';
import { paymentResendService } from './payment-resend.ts';
import type { PayoutsRepo } from './repo.ts';
import { demoPartner, useTestApp } from '../../../test/app.ts';
import { callAs, expectApiError } from '../../../test/calls.ts';
import { signIn, type SignedIn } from '../../../test/sign-in.ts';

const partnerBackEnd = {
  headers: {
    'api-key': demoPartner('travel').apiKey,
    authorization: `Bearer ${demoPartner('travel').serverSecret}`,
  },
};

const CAD_METHOD = {
  type: 'BANK-MANUAL',
  legalType: 'INDIVIDUAL',
  institutionNumber: '003',
  transitNumber: '00011',
  accountType: 'SAVINGS',
  emailAddress: 'user@travel.example.com',
};

/**
 * A failed payment sent again from Payments, to another method of the user's: the same
 * payment, once. The simulated bank fails a transfer to an account ending 0000.
 */
describe(routeName(payoutsContracts.resend), () => {
  const t = useTestApp();
  const call = callAs(t);
  let user: SignedIn;
  let other: SignedIn;
  let closed: string;
  let open: string;
  beforeAll(async () => {
    user = await signIn(t, 'travel');
    other = await signIn(t, 'travel', 'mfa');
    closed = await addMethod(user, { description: 'Closed account', accountNumber: '1230000' });
    open = await addMethod(user, { description: 'New account', accountNumber: '7654321' });
  });

  async function addMethod(who: SignedIn, body: object) {
    const res = await call(payoutsContracts.create, who, { body: { ...CAD_METHOD, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().payoutMethodId as string;
  }
  let keys = 0;
  /** A payment of the partner's to the user's closed account, once the bank has returned it. */
  async function failedPayment(): Promise<Payment> {
    const res = await call(payoutsContracts.send, partnerBackEnd, {
      body: {
        userId: user.userId,
        payoutMethodId: closed,
        amount: 4_000,
        currency: 'CAD',
        reason: 'Goodwill',
        idempotencyKey: `goodwill-${++keys}`,
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.platform.jobs.settled();
    const payment = await paymentOf(user, res.json().paymentId);
    expect(payment.status).toBe('failed');
    return payment;
  }
  async function paymentOf(who: SignedIn, paymentId: string) {
    const res = await call(payoutsContracts.payments, who, { query: { userId: who.userId } });
    const found = paymentListSchema.parse(res.json()).find((p) => p.paymentId === paymentId);
    expect(found).toBeDefined();
    return found!;
  }
  const resend = (paymentId: string, payoutMethodId: string, who = user) =>
    call(payoutsContracts.resend, who, { params: { paymentId }, body: { payoutMethodId } });
  const transfersOf = (paymentId: string) =>
    t.database.db
      .select()
      .from(simulatedTransfers)
      .where(like(simulatedTransfers.idempotencyKey, `${paymentId}%`));

  it('sends the same payment again, to the method chosen, and it is paid', async () => {
    const failed = await failedPayment();
    const res = await resend(failed.paymentId, open);
    expect(res.statusCode, res.body).toBe(202);
    expect(paymentSchema.parse(res.json())).toMatchObject({
      paymentId: failed.paymentId,
      amount: 4_000,
      reason: 'Goodwill',
      status: 'requested',
      method: { payoutMethodId: open, accountNumber: '****4321' },
      failureReason: null,
      failureText: null,
      failedAt: null,
      resentAt: expect.any(String),
    });
    await t.app.platform.jobs.settled();
    expect(await paymentOf(user, failed.paymentId)).toMatchObject({
      status: 'settled',
      method: { payoutMethodId: open },
      providerReference: expect.stringMatching(/^SIM-/),
    });
    // The provider got two transfers: the first returned, the resend paid.
    const transfers = await transfersOf(failed.paymentId);
    expect(transfers.map((tr) => [tr.idempotencyKey, tr.outcome]).sort()).toEqual([
      [failed.paymentId, 'failed'],
      [`${failed.paymentId}:resent`, 'settled'],
    ]);
  });

  it('sends it once: again, or a payment that has not failed, answers 409', async () => {
    const failed = await failedPayment();
    expect((await resend(failed.paymentId, open)).statusCode).toBe(202);
    expectApiError(await resend(failed.paymentId, open), 409, 'PAYMENT_NOT_RESENDABLE');
    await t.app.platform.jobs.settled();
    // Paid now: still not again.
    expectApiError(await resend(failed.paymentId, open), 409, 'PAYMENT_NOT_RESENDABLE');
    // A payment on its way.
    await t.app.platform.jobs.stop();
    const sent = await call(payoutsContracts.send, partnerBackEnd, {
      body: {
        userId: user.userId,
        amount: 100,
        currency: 'CAD',
        reason: 'Goodwill',
        idempotencyKey: `goodwill-open-${++keys}`,
      },
    });
    expectApiError(await resend(sent.json().paymentId, open), 409, 'PAYMENT_NOT_RESENDABLE');
    await t.app.platform.jobs.start(t.app.log);
    await t.app.platform.jobs.settled();
  });

  it('sends once when resent ten times at once', async () => {
    const failed = await failedPayment();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => resend(failed.paymentId, open)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, ...Array(9).fill(409)]);
    await t.app.platform.jobs.settled();
    expect((await paymentOf(user, failed.paymentId)).status).toBe('settled');
    expect(await transfersOf(failed.paymentId)).toHaveLength(2);
  });

  it("answers another user's payment as absent, and refuses a method not theirs or in another currency", async () => {
    const failed = await failedPayment();
    const theirs = await addMethod(other, {
      description: 'Theirs',
      accountNumber: '5555555',
      emailAddress: 'mfa@travel.example.com',
    });
    expectApiError(await resend(failed.paymentId, theirs, other), 404, 'PAYOUT_NOT_FOUND');
    expectApiError(
      await resend('11111111-1111-4111-8111-111111111111', open),
      404,
      'PAYOUT_NOT_FOUND',
    );
    expectApiError(
      await resend(failed.paymentId, theirs),
      404,
      'PAYMENT_METHOD_NOT_FOUND',
      'payoutMethodId',
    );
    const euros = await addMethod(user, {
      description: 'Euro account',
      currency: 'EUR',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      institutionNumber: undefined,
      transitNumber: undefined,
      accountType: undefined,
    });
    expectApiError(await resend(failed.paymentId, euros), 400, 'INVALID_PARAMS', 'payoutMethodId');
    const missing = await call(payoutsContracts.resend, user, {
      params: { paymentId: failed.paymentId },
      body: {},
    });
    expect(apiErrorSchema.parse(missing.json())).toMatchObject({
      code: 'INVALID_PARAMS',
      field: 'payoutMethodId',
    });
    // Nothing of it moved the payment.
    expect(await paymentOf(user, failed.paymentId)).toMatchObject({
      status: 'failed',
      resentAt: null,
    });
  });

  /** The payer's own answer to a failed payment: another payment that replaces it. */
  const payInstead = (replacesPaymentId: string, key: string) =>
    call(payoutsContracts.send, partnerBackEnd, {
      body: {
        userId: user.userId,
        payoutMethodId: open,
        amount: 4_000,
        currency: 'CAD',
        reason: 'Goodwill',
        idempotencyKey: `${key}-${++keys}`,
        replacesPaymentId,
      },
    });

  it('stays resendable when the payment meant to replace it is refused', async () => {
    const failed = await failedPayment();
    const refused = await call(payoutsContracts.send, partnerBackEnd, {
      body: {
        userId: user.userId,
        payoutMethodId: '00000000-0000-4000-8000-000000000000',
        amount: 4_000,
        currency: 'CAD',
        reason: 'Goodwill',
        idempotencyKey: `goodwill-refused-${++keys}`,
        replacesPaymentId: failed.paymentId,
      },
    });
    expectApiError(refused, 404, 'PAYMENT_METHOD_NOT_FOUND');
    expect(await paymentOf(user, failed.paymentId)).toMatchObject({ replacedAt: null });
    expect((await resend(failed.paymentId, open)).statusCode).toBe(202);
  });

  it('is not offered once the payer pays it with another payment, nor then paid twice', async () => {
    const failed = await failedPayment();
    const instead = await payInstead(failed.paymentId, 'goodwill-instead');
    expect(instead.statusCode, instead.body).toBe(202);
    expect(await paymentOf(user, failed.paymentId)).toMatchObject({
      replacedAt: expect.any(String),
    });
    expectApiError(await resend(failed.paymentId, open), 409, 'PAYMENT_NOT_RESENDABLE');

    // The other way round: once the user has resent it, the payer cannot replace it.
    const resent = await failedPayment();
    expect((await resend(resent.paymentId, open)).statusCode).toBe(202);
    expectApiError(
      await payInstead(resent.paymentId, 'goodwill-late'),
      409,
      'PAYMENT_NOT_RESENDABLE',
    );
    await t.app.platform.jobs.settled();
    const [paid] = await t.database.db
      .select()
      .from(simulatedTransfers)
      .where(eq(simulatedTransfers.idempotencyKey, `${resent.paymentId}:resent`));
    expect(paid?.outcome).toBe('settled');
  });
});

/**
 * The guards' undo (issue 25 §5): what an area took back for a resend is given back whenever
 * the resend does not happen — refused by the statement, or a later step failing.
 */
describe('a resend that does not happen gives back what its guards took', () => {
  const owner = { userId: 'u-1', partnerId: 'travel' };
  const payment = {
    id: 'p-1',
    status: 'failed',
    resentAt: null,
    replacedAt: null,
    currency: 'CAD',
  };
  const method = { id: 'm-2', currency: 'CAD' };
  const serviceWith = (resendPayment: () => Promise<null>) => {
    const repo = {
      findOwnPayment: async () => payment,
      findMethod: async () => method,
      resendPayment,
    } as unknown as PayoutsRepo;
    const service = paymentResendService({
      repo,
      clock: systemClock,
      sending: () => sql`select 1`,
      announce: async () => {},
    });
    const given: string[] = [];
    service.guard(async () => async () => {
      given.push('first');
    });
    return { service, given };
  };
  const resend = { payoutMethodId: method.id };

  it('when a later guard refuses', async () => {
    const { service, given } = serviceWith(async () => null);
    service.guard(async () => {
      throw new AppError('CLAIMS_EXCEEDED', { message: 'cap reached' });
    });
    await expect(service.resend(owner, payment.id, resend)).rejects.toThrow('cap reached');
    expect(given).toEqual(['first']);
  });

  it('when the statement fails', async () => {
    const { service, given } = serviceWith(async () => {
      throw new Error('connection lost');
    });
    await expect(service.resend(owner, payment.id, resend)).rejects.toThrow('connection lost');
    expect(given).toEqual(['first']);
  });

  it('when the statement refuses it (resent already)', async () => {
    const { service, given } = serviceWith(async () => null);
    await expect(service.resend(owner, payment.id, resend)).rejects.toMatchObject({
      code: 'PAYMENT_NOT_RESENDABLE',
    });
    expect(given).toEqual(['first']);
  });
});
