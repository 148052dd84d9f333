import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountsContracts, apiErrorSchema, routeName, supportTicketSchema } from '@tern/domain';
import { supportTickets } from '../tables.ts';
import { travelKey, useTestApp } from '../../../../test/app.ts';
import { urlOf } from '../../../../test/urls.ts';
import { messagesTo } from '../../../../test/accounts.ts';

const goodRequest = {
  name: 'Jo Traveller',
  contactNumber: '+1 416 555 0199',
  ticketType: 'support',
  localTime: '2026-11-22T09:30:00-05:00',
  emailAddress: 'Jo@Example.com',
  locale: 'en-CA',
  ticketCategory: 'CLAIM',
  ticketSubject: 'Where is my payout?',
  ticketBody: 'My flight was cancelled on Monday and I have not heard back.',
};

describe(routeName(accountsContracts.support), () => {
  const t = useTestApp({ config: { BODY_LIMIT: '4096' } });
  const send = (
    payload: unknown,
    partnerId = 'travel',
    headers: Record<string, string> = travelKey,
  ) =>
    t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.support, { partnerId }),
      headers,
      payload: payload as object,
    });

  it('records the request and answers its reference', async () => {
    const res = await send(goodRequest);
    expect(res.statusCode).toBe(201);
    const ticket = supportTicketSchema.parse(res.json());
    expect(ticket.reference).toMatch(/^SR-[A-Z2-9]{8}$/);
    const [row] = await t.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, ticket.ticketId));
    expect(row).toMatchObject({
      partnerId: 'travel',
      emailAddress: 'jo@example.com',
      contactNumber: '+14165550199',
      category: 'CLAIM',
    });
  });

  it("acknowledges the request to the sender and sends the partner's support address a copy", async () => {
    const res = await send({ ...goodRequest, locale: 'fr-CA' });
    const { reference } = supportTicketSchema.parse(res.json());
    const [receipt] = await messagesTo(t, 'jo@example.com');
    expect(receipt).toMatchObject({ channel: 'email', template: 'support-received' });
    // In the sender's language, with the reference to quote.
    expect(receipt?.subject).toBe(`Nous avons reçu votre message : ${reference}`);
    const [copy] = await messagesTo(t, 'support@travel.example.com');
    expect(copy).toMatchObject({ template: 'support-request' });
    expect(copy?.subject).toBe(`Support request ${reference}: Where is my payout?`);
    expect(copy?.text).toContain('Jo Traveller <jo@example.com>, +14165550199');
    expect(copy?.text).toContain('My flight was cancelled on Monday');
  });

  it('limits requests per email address whatever the client address (each emails it)', async () => {
    const flood = { ...goodRequest, emailAddress: 'flooded@example.com' };
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++)
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: urlOf(accountsContracts.support, { partnerId: 'travel' }),
            headers: travelKey,
            payload: flood,
            remoteAddress: `203.0.113.${i}`,
          })
        ).statusCode,
      );
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(await messagesTo(t, 'flooded@example.com')).toHaveLength(5);
    // Another address is not held back.
    expect((await send(goodRequest)).statusCode).toBe(201);
  });

  it('refuses an invalid email on the emailAddress field with its message key', async () => {
    const res = await send({ ...goodRequest, emailAddress: 'jo at example' });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body).toMatchObject({ code: 'INVALID_PARAMS', field: 'emailAddress' });
    expect(body.details).toContainEqual({
      field: 'emailAddress',
      message: 'validation.email_no_spaces',
    });
  });

  it('refuses a phone number that is not international, and a subject over its limit', async () => {
    const res = await send({
      ...goodRequest,
      contactNumber: '555',
      ticketSubject: 'x'.repeat(121),
    });
    expect(res.statusCode).toBe(400);
    const fields = apiErrorSchema.parse(res.json()).details!.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['contactNumber', 'ticketSubject']));
  });

  it("answers 404 for another partner's id", async () => {
    const res = await send(goodRequest, 'business');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PARTNER_NOT_FOUND');
  });

  it('needs an api-key', async () => {
    const res = await send(goodRequest, 'travel', {});
    expect(res.statusCode).toBe(401);
  });

  it('answers an empty JSON body with 400 on the fields it needs', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.support, { partnerId: 'travel' }),
      headers: { ...travelKey, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).code).not.toBe('INTERNAL_ERROR');
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.support, { partnerId: 'travel' }),
      headers: { ...travelKey, 'content-type': 'application/json' },
      payload: '{"name": "Jo",',
    });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).code).toBe('MALFORMED_JSON');
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await send({ ...goodRequest, ticketBody: 'x'.repeat(5000) });
    expect(res.statusCode).toBe(413);
    expect(apiErrorSchema.parse(res.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.support, { partnerId: 'travel' }),
      headers: { ...travelKey, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe(`${routeName(accountsContracts.support)} per client address`, () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '2' } });

  it('answers 429 past AUTH_RATE_LIMIT_MAX requests a minute from one address', async () => {
    const from = (address: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: urlOf(accountsContracts.support, { partnerId: 'travel' }),
        headers: travelKey,
        // A new sender each time: the limit per email address stays clear.
        payload: { ...goodRequest, emailAddress: `sender${i}@example.com` },
        remoteAddress: address,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await from('198.51.100.20', i)).statusCode);
    expect(statuses).toEqual([201, 201, 429]);
    // Another address has its own allowance; the window ends after a minute.
    expect((await from('198.51.100.21', 3)).statusCode).toBe(201);
    t.clock.advance(61_000);
    expect((await from('198.51.100.20', 4)).statusCode).toBe(201);
  });
});
