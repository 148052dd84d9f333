import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsContracts } from '@tern/domain';
import { keyOf, messagesTo } from '../../../test/accounts.ts';
import type { TestContext } from '../../../test/app.ts';
import { freshDatabase } from '../../../test/database.ts';
import { urlOf } from '../../../test/urls.ts';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { fakeClock } from '../../lib/clock.ts';
import { keysFor } from '../../lib/encryption-for.ts';
import { partnersRepo } from '../../modules/partners/repo.ts';
import { partners } from '../../modules/partners/tables.ts';
import { brandingOf, demoPartners } from '../../seed/demo-world.ts';
import { seedDemo } from '../../seed/seed-demo.ts';
import { startSmtpServer, TINY_PNG, type TestSmtpServer } from '../../../test/smtp-server.ts';

/**
 * The whole way of an email with SMTP configured: a user asks for a password reset, the job
 * runs, the SMTP server receives the partner's branded email with the link. The app is built
 * here rather than with `useTestApp`, because its SMTP_URL names a server started first.
 */
describe('email over SMTP, end to end', () => {
  const t = {} as TestContext;
  let smtp: TestSmtpServer;
  let release: () => Promise<void> = async () => {};

  beforeAll(async () => {
    smtp = await startSmtpServer({ user: 'tern', password: 'e2e-Smtp-pass' });
    const fresh = await freshDatabase();
    release = fresh.release;
    const config = testConfig({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'notifications@tern.example',
      AUTH_RATE_LIMIT_MAX: '1000',
    });
    t.clock = fakeClock();
    await seedDemo(fresh.database.db, keysFor(config), t.clock.now());
    t.database = fresh.database;
    t.app = await buildApp({ config, database: fresh.database, clock: t.clock });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.app?.close();
    await release();
    await smtp?.close();
  });

  const forgot = async (emailAddress: string, partnerId: string, host: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.forgotPassword),
      headers: { ...keyOf(partnerId), host },
      payload: { emailAddress, partnerId },
    });
    expect(res.statusCode).toBe(202);
    await t.app.platform.jobs.settled();
    const received = smtp.received.filter((r) => r.envelope.to.includes(emailAddress));
    expect(received).toHaveLength(1);
    return received[0]!.mail;
  };

  it("delivers a password reset in the partner's brand, with the link, and not to the outbox", async () => {
    const mail = await forgot('user@travel.example.com', 'travel', 'travel.localhost:4123');
    expect(mail.from?.value).toEqual([
      { name: 'Skyward Air', address: 'notifications@tern.example' },
    ]);
    expect(mail.subject).toBe('Reset your Skyward Air password');
    const link = mail.text?.match(/https?:\/\/\S+/)?.[0];
    expect(link).toMatch(/^http:\/\/travel\.localhost:3000\/reset-password\?token=[\w-]{43}$/);
    const html = mail.html as string;
    expect(html).toContain(`<a href="${link}"`);
    expect(html).toContain('#0b4f8a');
    // The demo logos are SVG: the name stands in, nothing is attached.
    expect(html).toMatch(/<span style="[^"]*">Skyward Air<\/span>/);
    expect(mail.attachments).toEqual([]);
    expect(mail.messageId).toMatch(/^<[0-9a-f]{32}@tern\.example>$/);
    expect(await messagesTo(t, 'user@travel.example.com')).toEqual([]);
  });

  it("attaches the partner's stored PNG logo inline", async () => {
    const business = demoPartners.find((p) => p.id === 'business')!;
    await partnersRepo(t.database.db).putAsset('business', 'logo.png', 'image/png', TINY_PNG);
    const branding = brandingOf(business);
    await t.database.db
      .update(partners)
      .set({
        branding: {
          ...branding,
          images: { ...branding.images, logo: '/assets/themes/business/logo.png' },
        },
      })
      .where(eq(partners.id, 'business'));

    const mail = await forgot('user@business.example.com', 'business', 'business.localhost:4123');
    expect(mail.from?.value[0]?.name).toBe('Harbour Mutual');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      contentType: 'image/png',
      cid: 'logo.business@tern.example',
    });
    expect(mail.html).toContain('<img src="cid:logo.business@tern.example" alt="Harbour Mutual"');
  });
});
