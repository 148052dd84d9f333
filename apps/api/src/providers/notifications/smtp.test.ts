import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baselineBranding, type Branding } from '@tern/domain';
import type { PartnerBrand } from './brand.ts';
import type { Notification } from './port.ts';
import { notificationsPortSuite } from './port-suite.ts';
import { smtpDelivery } from './smtp.ts';
import { startSmtpServer, TINY_PNG, type TestSmtpServer } from '../../../test/smtp-server.ts';

const USER = 'tern-mailer';
const PASSWORD = 'S3cret-smtp-pass';
const FROM = 'notifications@tern.example';
const LINK = 'https://travel.example.com/reset-password?token=abc_DEF-123';

const skyward: Branding = {
  ...baselineBranding,
  name: 'Skyward <Air> & Co',
  palette: { ...baselineBranding.palette, primary: '#0b3d91', secondary: '#ffb400' },
  images: { ...baselineBranding.images, logo: '/assets/themes/travel/logo.svg' },
};
const svgBrand: PartnerBrand = {
  branding: skyward,
  logo: { contentType: 'image/svg+xml', body: Buffer.from('<svg/>') },
};
const pngBrand: PartnerBrand = {
  branding: skyward,
  logo: { contentType: 'image/png', body: TINY_PNG },
};

const reset = (to: string, extra = ''): Notification => ({
  channel: 'email',
  to,
  partnerId: 'travel',
  template: 'password-reset',
  subject: 'Reset your Skyward password',
  text: `To choose a new password, open this link within 30 minutes: ${LINK}\nIt works once. <script>alert(1)</script>${extra}`,
  locale: 'fr-CA',
});

notificationsPortSuite('smtp (a local SMTP server)', ['email'], async () => {
  const server = await startSmtpServer({ user: USER, password: PASSWORD });
  return {
    delivery: smtpDelivery({ url: server.url, from: FROM, brandOf: async () => svgBrand }),
    received: async (to) =>
      server.received
        .filter((r) => r.envelope.to.includes(to))
        .map((r) => ({
          channel: 'email' as const,
          to,
          ...(r.mail.subject === undefined ? {} : { subject: r.mail.subject }),
          text: r.mail.text ?? '',
        })),
    close: () => server.close(),
  };
});

describe('the SMTP email adapter', () => {
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startSmtpServer({
      user: USER,
      password: PASSWORD,
      refuse: (to) => to.startsWith('refused@'),
    });
  });
  afterAll(() => server.close());

  const deliveryWith = (brand: PartnerBrand, url = server.url) =>
    smtpDelivery({ url, from: FROM, brandOf: async () => brand });
  const lastTo = (to: string) => server.received.findLast((r) => r.envelope.to.includes(to))!;

  it('sends from the partner, authenticated, a text part that is the template text and a branded HTML part', async () => {
    const message = reset('ana@example.com');
    await deliveryWith(svgBrand).deliver(message, { deliveryId: 'a1' });
    const { user, envelope, mail } = lastTo('ana@example.com');
    expect(user).toBe(USER);
    expect(envelope).toEqual({ from: FROM, to: ['ana@example.com'] });
    expect(mail.from?.value).toEqual([{ name: 'Skyward <Air> & Co', address: FROM }]);
    expect(mail.to).toMatchObject({ value: [{ address: 'ana@example.com' }] });
    expect(mail.subject).toBe('Reset your Skyward password');
    expect(mail.text?.trim()).toBe(message.text);

    const html = mail.html as string;
    expect(html).toContain('lang="fr-CA"');
    expect(html).toContain('Skyward &lt;Air&gt; &amp; Co');
    expect(html).toContain('#0b3d91');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain(`<a href="${LINK}"`);
    // The French footer names the partner.
    expect(html).toContain('envoyé par Skyward &lt;Air&gt; &amp; Co');
  });

  it('shows an SVG logo as the wordmark, attaching nothing', async () => {
    await deliveryWith(svgBrand).deliver(reset('svg@example.com'), { deliveryId: 'b1' });
    const { mail } = lastTo('svg@example.com');
    expect(mail.attachments).toEqual([]);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toMatch(
      /<span style="[^"]*color:#0b3d91[^"]*">Skyward &lt;Air&gt; &amp; Co<\/span>/,
    );
  });

  it('attaches a PNG logo inline and shows it by its Content-ID', async () => {
    await deliveryWith(pngBrand).deliver(reset('png@example.com'), { deliveryId: 'c1' });
    const { mail } = lastTo('png@example.com');
    expect(mail.attachments).toHaveLength(1);
    const [logo] = mail.attachments;
    expect(logo).toMatchObject({ contentType: 'image/png', related: true });
    expect(logo!.content.equals(TINY_PNG)).toBe(true);
    expect(logo!.cid).toBe('logo.travel@tern.example');
    expect(mail.html).toContain('<img src="cid:logo.travel@tern.example"');
  });

  it('gives a retried message the same Message-ID, another message another', async () => {
    const delivery = deliveryWith(svgBrand);
    await delivery.deliver(reset('retry@example.com'), { deliveryId: 'd1' });
    await delivery.deliver(reset('retry@example.com'), { deliveryId: 'd1' });
    await delivery.deliver(reset('retry@example.com'), { deliveryId: 'd2' });
    const ids = server.received
      .filter((r) => r.envelope.to.includes('retry@example.com'))
      .map((r) => r.mail.messageId);
    expect(ids).toEqual(['<d1@tern.example>', '<d1@tern.example>', '<d2@tern.example>']);
  });

  it('throws when the server refuses the recipient, without the message or the password', async () => {
    const attempt = deliveryWith(svgBrand).deliver(reset('refused@example.com', ' 424242'), {
      deliveryId: 'e1',
    });
    const error = await attempt.then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/^SMTP delivery failed \(.*550.*\)/);
    for (const secret of [PASSWORD, '424242', 'token=abc', 'refused@example.com'])
      expect(error?.message).not.toContain(secret);
  });

  it('throws when the server refuses the login, without the password', async () => {
    const wrong = server.url.replace(PASSWORD, 'Wrong-pass-999');
    const error = await deliveryWith(svgBrand, wrong)
      .deliver(reset('ana@example.com'), { deliveryId: 'f1' })
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(error?.message).toMatch(/^SMTP delivery failed \(EAUTH/);
    expect(error?.message).not.toContain('Wrong-pass-999');
  });

  it('sends email only', async () => {
    await expect(
      deliveryWith(svgBrand).deliver(
        { ...reset('+14165550100'), channel: 'sms' },
        { deliveryId: 'g1' },
      ),
    ).rejects.toThrow(/sends email, not sms/);
  });
});
