import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from './webhooks.ts';

// A Standard Webhooks secret: whsec_ and 24 random bytes in base64.
const secret = `whsec_${Buffer.from('a test endpoint secret!!').toString('base64')}`;
const body = JSON.stringify({ type: 'payout.settled', data: { paymentId: 'p1' } });

/** The headers Tern sends with a webhook, signed at `at`. */
const signed = (payload = body, at = new Date(), key = secret) => ({
  'webhook-id': 'msg_1',
  'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
  'webhook-signature': new Webhook(key).sign('msg_1', at, payload),
});

describe('verifyWebhook', () => {
  it("answers the event of a webhook signed with the endpoint's secret, from Node's or Fetch's headers", () => {
    const headers = signed();
    expect(verifyWebhook(secret, headers, body)).toEqual(JSON.parse(body));
    expect(verifyWebhook(secret, new Headers(headers), Buffer.from(body))).toEqual(
      JSON.parse(body),
    );
    expect(verifyWebhook(secret, { ...headers, 'webhook-id': ['msg_1', 'msg_2'] }, body)).toEqual(
      JSON.parse(body),
    );
  });

  it('refuses an altered body, another secret, a missing header or a stale timestamp', () => {
    const headers = signed();
    const refused = (run: () => unknown) => expect(run).toThrow(WebhookVerificationError);
    refused(() => verifyWebhook(secret, headers, body.replace('p1', 'p2')));
    const other = `whsec_${Buffer.from('another endpoint secret!').toString('base64')}`;
    refused(() => verifyWebhook(other, headers, body));
    refused(() => verifyWebhook(secret, { ...headers, 'webhook-signature': undefined }, body));
    refused(() => verifyWebhook(secret, { ...headers, 'webhook-id': 'msg_2' }, body));
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    refused(() => verifyWebhook(secret, signed(body, hourAgo), body));
  });
});
