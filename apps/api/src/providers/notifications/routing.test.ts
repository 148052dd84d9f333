import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baselineBranding } from '@tern/domain';
import type { OutboxRepo } from './outbox-repo.ts';
import type { Notification } from './port.ts';
import { notificationsProvider } from './index.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { startSmsServer, type TestSmsServer } from '../../../test/sms-server.ts';

const email: Notification = {
  channel: 'email',
  to: 'ana@example.com',
  partnerId: 'travel',
  template: 'otc',
  subject: 'Your code',
  text: 'Your code is 111111.',
  locale: 'en-CA',
};
const sms: Notification = { ...email, channel: 'sms', to: '+14165550100', subject: undefined };

/** An outbox that keeps what it is given in memory, and a logger that keeps its warnings. */
const fakes = () => {
  const outboxed: { channel: string; recipient: string }[] = [];
  const warnings: string[] = [];
  const outbox = {
    insert: async (row: { channel: string; recipient: string }) => {
      outboxed.push({ channel: row.channel, recipient: row.recipient });
    },
  } as unknown as OutboxRepo;
  const log = { warn: (_: unknown, message: string) => warnings.push(message) };
  return { outboxed, warnings, outbox, log: log as unknown as FastifyBaseLogger };
};

describe('routing messages to the configured providers', () => {
  let smtp: TestSmtpServer;
  let smsApi: TestSmsServer;
  /** Whom the SMS stand-in was asked to text, in order. */
  const smsPosts = () => smsApi.requests.map((r) => r.form.get('To') ?? '');
  beforeAll(async () => {
    smtp = await startSmtpServer({ user: 'u', password: 'p4ssword' });
    smsApi = await startSmsServer({ sid: 'sid', token: 'token' });
  });
  afterAll(async () => {
    await smtp.close();
    await smsApi.close();
  });

  const deliverBoth = async (config: Parameters<typeof notificationsProvider>[0]) => {
    const f = fakes();
    const delivery = notificationsProvider(config, {
      outbox: f.outbox,
      brandOf: async () => ({ branding: baselineBranding }),
      log: f.log,
    });
    await delivery.deliver(email, { deliveryId: 'e' });
    await delivery.deliver(sms, { deliveryId: 's' });
    return f;
  };
  const smtpConfig = () => ({ SMTP_URL: smtp.url, MAIL_FROM: 'n@tern.example' });
  const smsConfig = () => ({ SMS_URL: smsApi.url, SMS_FROM: '+15005550006' });

  it('sends email over SMTP and keeps SMS in the outbox when only SMTP is configured', async () => {
    const before = smtp.received.length;
    const { outboxed } = await deliverBoth({ NODE_ENV: 'test', ...smtpConfig() });
    expect(smtp.received.slice(before).map((r) => r.envelope.to)).toEqual([['ana@example.com']]);
    expect(outboxed).toEqual([{ channel: 'sms', recipient: '+14165550100' }]);
  });

  it('sends SMS over HTTP and keeps email in the outbox when only SMS is configured', async () => {
    const before = smsPosts().length;
    const { outboxed } = await deliverBoth({ NODE_ENV: 'test', ...smsConfig() });
    expect(smsPosts().slice(before)).toEqual(['+14165550100']);
    expect(outboxed).toEqual([{ channel: 'email', recipient: 'ana@example.com' }]);
  });

  it('sends each through its provider when both are configured', async () => {
    const [mails, posts] = [smtp.received.length, smsPosts().length];
    const { outboxed } = await deliverBoth({ NODE_ENV: 'test', ...smtpConfig(), ...smsConfig() });
    expect(smtp.received.length - mails).toBe(1);
    expect(smsPosts().length - posts).toBe(1);
    expect(outboxed).toEqual([]);
  });

  it('keeps everything in the outbox when nothing is configured, without a warning outside production', async () => {
    const { outboxed, warnings } = await deliverBoth({ NODE_ENV: 'development' });
    expect(outboxed.map((m) => m.channel)).toEqual(['email', 'sms']);
    expect(warnings).toEqual([]);
  });

  it('warns at start in production for each channel left on the outbox', async () => {
    const none = await deliverBoth({ NODE_ENV: 'production' });
    expect(none.warnings).toHaveLength(2);
    expect(none.warnings[0]).toMatch(/no email provider configured \(SMTP_URL and MAIL_FROM\)/);
    expect(none.warnings[1]).toMatch(/no sms provider configured \(SMS_URL and SMS_FROM\)/);
    const emailOnly = await deliverBoth({ NODE_ENV: 'production', ...smtpConfig() });
    expect(emailOnly.warnings).toEqual([expect.stringMatching(/^no sms provider/)]);
  });
});
