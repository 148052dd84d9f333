import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signedHeaders } from './signer.ts';

/**
 * Standard Webhooks' published example (the reference library's own test of `sign`): this
 * secret, id, time and body sign to exactly this.
 */
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  at: new Date(1614265330 * 1000),
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('the webhook signer', () => {
  it("signs Standard Webhooks' published example to its published signature", () => {
    const headers = signedHeaders(VECTOR.secret, VECTOR.id, VECTOR.at, VECTOR.body);
    expect(headers).toMatchObject({
      'webhook-id': VECTOR.id,
      'webhook-timestamp': '1614265330',
      'webhook-signature': VECTOR.signature,
      'content-type': 'application/json',
    });
  });

  it('is HMAC-SHA256 of "id.timestamp.body" under the base64 key after whsec_', () => {
    const secret = newWebhookSecret();
    const at = new Date('2026-03-01T10:00:00.900Z');
    const body = JSON.stringify({ type: 'trip.covered', data: { note: 'é ✈' } });
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key)
      .update(`delivery-1.${Math.floor(at.getTime() / 1000)}.${body}`)
      .digest('base64');
    expect(signedHeaders(secret, 'delivery-1', at, body)['webhook-signature']).toBe(
      `v1,${expected}`,
    );
  });

  it('makes a new random secret each time, whsec_ and 32 bytes of base64', () => {
    const secrets = new Set(Array.from({ length: 20 }, newWebhookSecret));
    expect(secrets.size).toBe(20);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    }
  });

  it('is refused by a receiver that holds another secret or reads an altered body', () => {
    const secret = newWebhookSecret();
    const at = new Date();
    const body = '{"type":"payout.sent"}';
    const headers = signedHeaders(secret, 'delivery-2', at, body);
    expect(new Webhook(secret).verify(body, headers)).toEqual({ type: 'payout.sent' });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace('sent', 'settled'), headers)).toThrow();
  });
});
