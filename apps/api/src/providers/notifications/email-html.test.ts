import { describe, expect, it } from 'vitest';
import { baselineBranding, type Branding } from '@tern/domain';
import { brandedEmailHtml, type EmailHtmlInput } from './email-html.ts';

const harbour: Branding = {
  ...baselineBranding,
  name: 'Harbour Mutual',
  palette: { ...baselineBranding.palette, primary: '#123456', secondary: '#abcdef' },
};
const LINK = 'https://business.example.com/reset-password?token=T0k&lang=fr';

const html = (input: Partial<EmailHtmlInput> = {}) =>
  brandedEmailHtml({
    branding: harbour,
    template: 'password-reset',
    subject: 'Reset your Harbour Mutual password',
    text: `Open this link: ${LINK}.\nIt works once.`,
    locale: 'en-GB',
    ...input,
  });

describe('the branded email HTML', () => {
  it("is a table layout in the partner's colours, in the message's language", () => {
    const page = html();
    expect(page).toMatch(/^<!doctype html>\n<html lang="en-GB">/);
    expect(page).toContain('<table role="presentation"');
    expect(page).toContain('bgcolor="#123456"');
    expect(page).toContain('background-color:#abcdef');
    expect(page).not.toContain('<style');
    expect(page).toContain('This message was sent to you by Harbour Mutual.');
  });

  it('makes each line a paragraph and each URL a link, leaving the full stop out', () => {
    const page = html();
    const href = LINK.replace('&', '&amp;');
    expect(page).toContain(`<p style="margin:0 0 16px;">Open this link: <a href="${href}"`);
    expect(page).toContain(`>${href}</a>.</p>`);
    expect(page).toContain('<p style="margin:0 0 16px;">It works once.</p>');
  });

  it('puts the reset link forward as a button labelled by the subject, once', () => {
    const page = html();
    expect(page.match(/<a href="[^"]*"[^>]*display:inline-block[^>]*>([^<]*)<\/a>/)?.[1]).toBe(
      'Reset your Harbour Mutual password',
    );
    expect(page.match(/display:inline-block;padding:12px/g)).toHaveLength(1);
    expect(html({ template: 'email-changed' })).not.toContain('display:inline-block;padding:12px');
  });

  it('escapes the text, the subject and the partner name', () => {
    const page = html({
      branding: { ...harbour, name: 'H&M "<b>"' },
      subject: '<img src=x onerror=alert(1)>',
      text: '<script>alert(1)</script> javascript:alert(1) "quoted"',
    });
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('<b>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('H&amp;M &quot;&lt;b&gt;&quot;');
    expect(page).not.toContain('href="javascript');
  });

  it('shows the partner name as a wordmark without a logo, the logo by Content-ID with one', () => {
    expect(html()).toMatch(/<span style="[^"]*color:#123456[^"]*">Harbour Mutual<\/span>/);
    expect(html()).not.toContain('<img');
    const withLogo = html({ logoCid: 'logo.business@tern.example' });
    expect(withLogo).toContain('<img src="cid:logo.business@tern.example" alt="Harbour Mutual"');
  });

  it('keeps a stored value that is not a colour or a locale out of the markup', () => {
    const page = html({
      branding: {
        ...harbour,
        palette: { ...harbour.palette, primary: 'red;background:url(https://evil.example)' },
      },
      locale: 'en"><script>',
    });
    expect(page).not.toContain('evil.example');
    expect(page).toContain(`bgcolor="${baselineBranding.palette.primary}"`);
    expect(page).toContain('<html lang="en">');
  });

  it('speaks French and Spanish in the footer', () => {
    expect(html({ locale: 'fr-CA' })).toContain('Ce message vous a été envoyé par Harbour Mutual.');
    expect(html({ locale: 'es-ES' })).toContain('Este mensaje te lo envía Harbour Mutual.');
  });
});
