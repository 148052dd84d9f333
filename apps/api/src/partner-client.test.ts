import { describe, expect, it, beforeAll } from 'vitest';
import { jwtVerify } from 'jose';
import { createPartnerClient, type PartnerClient } from '@tern/partner-client';
import { Webhook } from 'standardwebhooks';
import {
  payCustomer,
  receiveWebhook,
  widgetTokenFor,
  type TernCredentials,
} from '../../../packages/partner-client/examples/partner-back-end.ts';
import { demoPartner, useTestApp } from '../test/app.ts';
import { signIn } from '../test/sign-in.ts';

/**
 * The typed partner client against the app: its calls go through `app.inject` (the same
 * request, without a socket), typed by the generated partner API document.
 */
describe('the typed partner client against the API', () => {
  const t = useTestApp();
  const travel = demoPartner('travel');
  const credentials: TernCredentials = {
    baseUrl: 'http://tern.test',
    partnerId: travel.id,
    apiKey: travel.apiKey,
    serverSecret: travel.serverSecret,
    secretId: `${travel.id}-demo`,
  };
  /** fetch, answered by the app. */
  const injectFetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const answer = await t.app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(request.body ? { payload: Buffer.from(await request.arrayBuffer()) } : {}),
    });
    return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: answer.headers as Record<string, string>,
    });
  };
  const clientOf = (serverSecret: string, apiKey = travel.apiKey): PartnerClient =>
    createPartnerClient({ baseUrl: credentials.baseUrl, apiKey, serverSecret, fetch: injectFetch });
  let userId: string;
  beforeAll(async () => {
    userId = (await signIn(t, 'travel')).userId;
  });

  it('pays a customer with the README example: a typed payment, requested', async () => {
    const payment = await payCustomer(clientOf(travel.serverSecret), userId, 'C-42');
    expect(payment).toMatchObject({ amount: 12_550, currency: 'CAD', status: 'requested' });
    // The same claim pays once: the answer is the first payment.
    const again = await payCustomer(clientOf(travel.serverSecret), userId, 'C-42');
    expect(again.paymentId).toBe(payment.paymentId);
  });

  it('creates and cancels a policy: typed partner-level calls with path parameters', async () => {
    const client = clientOf(travel.serverSecret);
    const saved = await client.PUT('/api/v1/platform/partners/{partnerId}/policies', {
      params: { path: { partnerId: 'travel' } },
      body: {
        externalPolicyNumber: 'PC-CLIENT-1',
        product: 'Annual multi-trip',
        policyStart: '2026-01-01',
        maxInsured: 2,
      },
    });
    expect(saved.response.status).toBe(200);
    expect(saved.data).toMatchObject({ externalPolicyNumber: 'PC-CLIENT-1', active: 1 });
    const cancelled = await client.DELETE(
      '/api/v1/platform/partners/{partnerId}/policies/{policyNumber}',
      { params: { path: { partnerId: 'travel', policyNumber: 'PC-CLIENT-1' } } },
    );
    expect(cancelled.data?.active).toBe(0);
  });

  it("answers a refused call's error body: a wrong server secret, another partner's id", async () => {
    const wrongSecret = await clientOf('tern_sk_not_a_secret').POST(
      '/api/v1/platform/payouts/payments',
      {
        body: { userId, amount: 100, currency: 'CAD', reason: 'x', idempotencyKey: 'refused-1' },
      },
    );
    expect(wrongSecret.response.status).toBe(401);
    expect(wrongSecret.data).toBeUndefined();
    expect(wrongSecret.error).toMatchObject({ status: 401, code: expect.any(String) });

    const otherPartner = await clientOf(travel.serverSecret).PATCH(
      '/api/v1/platform/partners/{partnerId}/policies/{policyNumber}',
      { params: { path: { partnerId: 'business', policyNumber: 'X' } }, body: { maxInsured: 1 } },
    );
    expect(otherPartner.response.status).toBe(404);
    expect(otherPartner.error).toMatchObject({ code: 'PARTNER_NOT_FOUND' });

    const badBody = await clientOf(travel.serverSecret).POST('/api/v1/platform/payouts/payments', {
      body: { userId, amount: -5, currency: 'CAD', reason: 'x', idempotencyKey: 'refused-2' },
    });
    expect(badBody.response.status).toBe(400);
    expect(badBody.error).toMatchObject({ status: 400, field: 'amount' });
  });

  it('signs a widget token for the embedding origin with the server secret (the README example)', async () => {
    const token = await widgetTokenFor(
      credentials,
      { id: 'C-42', email: 'jo@example.com', firstName: 'Jo', lastName: 'Doe' },
      'https://shop.example',
    );
    const { payload, protectedHeader } = await jwtVerify(
      token,
      new TextEncoder().encode(travel.serverSecret),
      { issuer: 'travel', audience: 'https://shop.example', maxTokenAge: 300 },
    );
    expect(protectedHeader.kid).toBe('travel-demo');
    expect(payload).toMatchObject({ sub: 'C-42', panels: ['insurance', 'payoutmethods'] });
  });

  it('checks a webhook as the README example does: a signed one taken, an altered one refused', () => {
    const secret = `whsec_${Buffer.from('the endpoint secret of travel').toString('base64')}`;
    const body = JSON.stringify({ type: 'payout.settled', data: { paymentId: 'p1' } });
    const at = new Date();
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign('msg_1', at, body),
    };
    expect(receiveWebhook(secret, headers, body)).toEqual({
      status: 204,
      event: JSON.parse(body),
    });
    expect(receiveWebhook(secret, headers, body.replace('p1', 'p2'))).toEqual({ status: 401 });
  });
});
