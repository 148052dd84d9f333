import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accountsContracts, partnersContracts } from '@tern/domain';
import { useTestApp } from '../../test/app.ts';
import { keyOf, signedIn } from '../../test/accounts.ts';
import { urlOf } from '../../test/urls.ts';

const NUL = '\u0000';

/**
 * NUL reaches no query: wherever a request carries it (path, query, body; on contract routes
 * and the API's own pages alike), the answer is 400 with the field, never a 500.
 */
describe('text PostgreSQL cannot store', () => {
  const t = useTestApp();
  const key = keyOf('travel');

  const expectRefused = async (request: InjectOptions, field?: string) => {
    const res = await t.app.inject(request);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PARAMS', status: 400 });
    if (field) expect(res.json().field).toBe(field);
  };

  it('is refused in a body, naming the field', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: urlOf(accountsContracts.register, { partnerId: 'travel' }),
        headers: key,
        payload: {
          firstName: 'Nul',
          surname: 'Byte',
          emailAddress: 'nul@example.com',
          mobilePhoneNumber: '+14165550123',
          policyNumber: `SKY-2001${NUL}`,
          password: 'Secret-123',
          locale: 'en-CA',
          commsSms: true,
        },
      },
      'policyNumber',
    );
    await expectRefused(
      {
        method: 'POST',
        url: urlOf(accountsContracts.requestCode),
        headers: key,
        payload: { identifier: `user@travel.example.com${NUL}` },
      },
      'identifier',
    );
    await expectRefused(
      {
        method: 'POST',
        url: urlOf(accountsContracts.support, { partnerId: 'travel' }),
        headers: key,
        payload: {
          name: 'Nul',
          contactNumber: '+14165550123',
          ticketType: 'support',
          localTime: '2026-11-23T09:00:00+01:00',
          emailAddress: 'nul@example.com',
          locale: 'en-CA',
          ticketCategory: 'GENERAL',
          ticketSubject: 'Help',
          ticketBody: `Help${NUL}`,
        },
      },
      'ticketBody',
    );
  });

  it('is refused in a query and in a path', async () => {
    await expectRefused(
      { url: urlOf(partnersContracts.client, {}, { domain: NUL }), headers: key },
      'domain',
    );
    const agent = await signedIn(t, 'agent@travel.example.com');
    await expectRefused(
      {
        url: urlOf(accountsContracts.searchCustomers, {}, { query: `uma${NUL}` }),
        headers: agent.headers,
      },
      'query',
    );
    await expectRefused({
      url: `${urlOf(accountsContracts.sso, { token: 'a' })}%00`,
      headers: key,
    });
  });

  it("is refused on the API's own pages too", async () => {
    await expectRefused({ url: '/dev/outbox?partner=%00' });
  });
});

/**
 * A lone UTF-16 surrogate is no character: UTF-8 (the authenticator link, the QR code, the
 * database) cannot carry it. JSON can (`"\ud800"`); a path or query can only send its bytes
 * percent-encoded (`%ED%A0%80`), which decode to no text. All answer 400 with the field.
 */
describe('lone surrogates', () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000' } });
  /** A JSON body as a client writes it: the escape reaches the parser as it is. */
  const json = (body: string) => ({
    payload: body,
    headers: { 'content-type': 'application/json' },
  });

  const expectField = async (request: InjectOptions, field: string) => {
    const res = await t.app.inject(request);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PARAMS', status: 400, field });
  };

  it("are refused in the authenticator's label (it was a 500), a pair (an emoji) is not", async () => {
    const user = await signedIn(t, 'user@travel.example.com');
    const token = (label: string) => {
      const request = json(`{"label":"${label}"}`);
      return {
        method: 'POST' as const,
        url: urlOf(accountsContracts.mfaToken),
        ...request,
        headers: { ...user.headers, ...request.headers },
      };
    };
    await expectField(token('My phone \\ud83d'), 'label');
    await expectField(token('\\ude80 My phone'), 'label');
    const emoji = await t.app.inject(token('My phone \\ud83d\\ude80'));
    expect(emoji.statusCode, emoji.body).toBe(200);
    expect(decodeURIComponent(emoji.json().otpauthUrl)).toContain('My phone 🚀');
  });

  it('are refused in a nested body field', async () => {
    const user = await signedIn(t, 'user@travel.example.com');
    const request = json(
      `{"comms":[{"commsId":"EMAIL_MARKETING","enabled":true},{"commsId":"\\ud800","enabled":true}]}`,
    );
    await expectField(
      {
        method: 'PATCH',
        url: urlOf(accountsContracts.update, { id: user.userId }),
        ...request,
        headers: { ...user.headers, ...request.headers },
      },
      'comms.1.commsId',
    );
  });

  it('are refused in a path parameter and in a query parameter, an emoji is not', async () => {
    const key = keyOf('travel');
    const surrogate = '%ED%A0%80';
    await expectField(
      {
        url: urlOf(accountsContracts.link, { linkId: 'x' }).replace(/x$/, surrogate),
        headers: key,
      },
      'linkId',
    );
    const agent = await signedIn(t, 'agent@travel.example.com');
    const search = (query: string) =>
      t.app.inject({
        url: `${urlOf(accountsContracts.searchCustomers)}?query=${query}`,
        headers: agent.headers,
      });
    const refused = await search(`uma${surrogate}`);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'query' });
    expect((await search('uma%F0%9F%9A%80')).statusCode).toBe(200);
    // A percent sign that starts no escape is text, as before.
    expect((await search('100%')).statusCode).toBe(200);
  });
});
