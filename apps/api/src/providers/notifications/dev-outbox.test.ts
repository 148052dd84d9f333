import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';

describe('the development outbox page', () => {
  const t = useTestApp();
  /** Sends a message and waits for the worker to deliver it. */
  const send = async (partnerId: string, to: string, text: string) => {
    await t.app.platform.notifications.send({
      channel: 'email',
      to,
      partnerId,
      template: 'otc',
      subject: 'Your code',
      text,
      locale: 'en-CA',
    });
    await t.app.platform.jobs.settled();
  };

  it('lists sent messages newest first, for one partner when asked, as JSON', async () => {
    await send('travel', 'a@example.com', 'first 111111');
    await send('business', 'b@example.com', 'second 222222');
    await send('travel', 'c@example.com', 'third 333333');
    const all = await t.app.inject({ url: '/dev/outbox.json' });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((m: { text: string }) => m.text)).toEqual([
      'third 333333',
      'second 222222',
      'first 111111',
    ]);
    const travel = await t.app.inject({ url: '/dev/outbox.json?partner=travel' });
    expect(travel.json().map((m: { to: string }) => m.to)).toEqual([
      'c@example.com',
      'a@example.com',
    ]);
  });

  it('shows them as an HTML page without an api-key, escaping what they say', async () => {
    await send(
      'travel',
      'x@example.com',
      'Open http://travel.localhost:3000/reset-password?token=abc <b>now</b>',
    );
    const res = await t.app.inject({ url: '/dev/outbox?partner=travel' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<a href="http://travel.localhost:3000/reset-password?token=abc">');
    expect(res.body).toContain('&lt;b&gt;now&lt;/b&gt;');
    expect(res.body).not.toContain('<b>now</b>');
    expect(res.body).not.toContain('second 222222');
  });
});

describe('in production', () => {
  const t = useTestApp({ config: { NODE_ENV: 'production' } });

  it('the outbox page does not exist (at most the portal answers the path)', async () => {
    await t.app.platform.notifications.send({
      channel: 'sms',
      to: '+14165550100',
      partnerId: 'travel',
      template: 'otc',
      text: 'secret 424242',
      locale: 'en-CA',
    });
    await t.app.platform.jobs.settled();
    for (const url of ['/dev/outbox', '/dev/outbox.json']) {
      const res = await t.app.inject({ url });
      expect(res.body, url).not.toContain('424242');
      expect(res.body, url).not.toContain('Outbox');
    }
  });
});
