import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { mintSsoToken, mintWidgetToken, TOKEN_MAX_LIFETIME_S } from './tokens.ts';

const secret = 'tern_sk_shop_secret';
const key = new TextEncoder().encode(secret);
const customer = {
  partnerId: 'shop',
  secret,
  kid: 'shop-1',
  customer: 'C123',
  email: 'jo@example.com',
  first: 'Jo',
  last: 'Doe',
};

describe('mintWidgetToken', () => {
  it('signs the customer for the embedding origin with the named secret, for at most 5 minutes', async () => {
    const token = await mintWidgetToken({
      ...customer,
      origin: 'https://shop.example',
      phone: '+14165550123',
      locale: 'fr-CA',
      panels: ['insurance', 'payoutmethods'],
    });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', kid: 'shop-1', typ: 'JWT' });
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: 'shop',
      audience: 'https://shop.example',
    });
    expect(payload).toMatchObject({
      sub: 'C123',
      email: 'jo@example.com',
      given_name: 'Jo',
      family_name: 'Doe',
      phone_number: '+14165550123',
      locale: 'fr-CA',
      panels: ['insurance', 'payoutmethods'],
    });
    expect(payload.exp! - payload.iat!).toBe(TOKEN_MAX_LIFETIME_S);
    expect(TOKEN_MAX_LIFETIME_S).toBeLessThanOrEqual(300);
  });

  it('leaves out the claims not given, and gives every token its own jti', async () => {
    const tokens = await Promise.all(
      [1, 2].map(() => mintWidgetToken({ ...customer, origin: 'https://shop.example' })),
    );
    const payloads = await Promise.all(tokens.map(async (t) => (await jwtVerify(t, key)).payload));
    expect(payloads[0]).not.toHaveProperty('panels');
    expect(payloads[0]).not.toHaveProperty('phone_number');
    expect(payloads[0]!.jti).not.toBe(payloads[1]!.jti);
  });

  it('is bound to its origin and its secret: another origin or key does not verify it', async () => {
    const token = await mintWidgetToken({ ...customer, origin: 'https://shop.example' });
    await expect(jwtVerify(token, key, { audience: 'https://evil.example' })).rejects.toThrow();
    await expect(jwtVerify(token, key, { audience: 'shop' })).rejects.toThrow();
    await expect(jwtVerify(token, new TextEncoder().encode('another secret'))).rejects.toThrow();
  });
});

describe('mintSsoToken', () => {
  it('signs the customer with the partner as audience', async () => {
    const now = new Date();
    const token = await mintSsoToken({ ...customer, ttlSeconds: 60, now });
    const { payload } = await jwtVerify(token, key, { issuer: 'shop', audience: 'shop' });
    expect(payload).toMatchObject({ sub: 'C123', iat: Math.floor(now.getTime() / 1000) });
    expect(payload.exp! - payload.iat!).toBe(60);
  });
});
