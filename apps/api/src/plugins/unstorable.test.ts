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
