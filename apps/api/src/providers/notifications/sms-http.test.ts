import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from './port.ts';
import { notificationsPortSuite } from './port-suite.ts';
import { smsHttpDelivery } from './sms-http.ts';
import { startSmsServer, type TestSmsServer } from '../../../test/sms-server.ts';

const SID = 'AC0123456789abcdef';
const TOKEN = 'auth-token-s3cret';
const FROM = '+15005550006';

const startProvider = () => startSmsServer({ sid: SID, token: TOKEN });

const otc = (text = 'Your Skyward Air sign-in code is 123456.'): Notification => ({
  channel: 'sms',
  to: '+14165550100',
  partnerId: 'travel',
  template: 'otc',
  text,
  locale: 'en-CA',
});

notificationsPortSuite('sms-http (a stand-in of the Messages API)', ['sms'], async () => {
  const provider = await startProvider();
  return {
    delivery: smsHttpDelivery({ url: provider.url, from: FROM }),
    received: async (to) =>
      provider.requests
        .filter((r) => r.form.get('To') === to)
        .map((r) => ({ channel: 'sms' as const, to, text: r.form.get('Body') ?? '' })),
    close: () => provider.close(),
  };
});

describe('the SMS adapter (Twilio-compatible HTTP)', () => {
  let provider: TestSmsServer;
  beforeAll(async () => {
    provider = await startProvider();
  });
  afterAll(() => provider.close());
  const delivery = () => smsHttpDelivery({ url: provider.url, from: FROM });
  const failure = (message: Notification) =>
    delivery()
      .deliver(message, { deliveryId: 'x' })
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );

  it('posts To, From and Body as a form, with the credentials as Basic auth and not in the URL', async () => {
    provider.answer(201, '{"sid":"SM1","status":"queued"}');
    await delivery().deliver(otc(), { deliveryId: 'x' });
    const request = provider.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
    );
    expect(Object.fromEntries(request.form)).toEqual({
      To: '+14165550100',
      From: FROM,
      Body: 'Your Skyward Air sign-in code is 123456.',
    });
  });

  it("throws on a 400 with the status and the provider's reason, without credentials or text", async () => {
    provider.answer(
      400,
      JSON.stringify({
        code: 21211,
        message: `Invalid 'To' Phone Number; credentials ${SID}:${TOKEN}; body Your Skyward Air sign-in code is 123456.`,
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      }),
    );
    const error = await failure(otc());
    expect(error?.message).toMatch(
      /^SMS delivery to 127\.0\.0\.1:\d+ failed: HTTP 400: 21211 Invalid 'To' Phone Number/,
    );
    for (const secret of [TOKEN, SID, '123456', 'sign-in code'])
      expect(error?.message).not.toContain(secret);
  });

  it('throws on a 500 with the status, leaving out a body that is not a JSON error', async () => {
    provider.answer(500, '<html>Your Skyward Air sign-in code is 123456.</html>');
    const error = await failure(otc());
    expect(error?.message).toMatch(/failed: HTTP 500$/);
    expect(error?.message).not.toContain('123456');
  });

  it('throws when the provider cannot be reached, without the credentials', async () => {
    const closed = await startProvider();
    await closed.close();
    const error = await smsHttpDelivery({ url: closed.url, from: FROM })
      .deliver(otc(), { deliveryId: 'x' })
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(error?.message).toMatch(/^SMS delivery to 127\.0\.0\.1:\d+ failed: ECONNREFUSED$/);
    expect(error?.message).not.toContain(TOKEN);
  });

  it('sends SMS only', async () => {
    await expect(
      delivery().deliver({ ...otc(), channel: 'email', to: 'a@example.com' }, { deliveryId: 'x' }),
    ).rejects.toThrow(/sends SMS, not email/);
  });
});
