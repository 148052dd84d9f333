import { TEXT_LANGUAGE_LOCALES, TRANSLATION_LANGUAGES } from '@tern/domain';
import { describe, expect, it } from 'vitest';
import { emailFooter, renderTemplate, type TemplateName } from './templates.ts';

/** Values for every template, each recognisable in the rendered text. */
const VALUES: { [T in TemplateName]: Parameters<typeof renderTemplate<T>>[2] } = {
  otc: { code: '123456', minutes: 5, partnerName: 'Skyward Air' },
  'password-reset': { link: 'https://x.test/r?token=abc', minutes: 30, partnerName: 'Skyward Air' },
  'email-changed': { newEmail: 'new@x.test', partnerName: 'Skyward Air' },
  'mobile-changed': { endsWith: '4567', partnerName: 'Skyward Air' },
  'payout-method-changed': {
    description: 'IBAN …1234',
    change: 'added',
    partnerName: 'Skyward Air',
  },
  'mobile-confirm': { code: '654321', minutes: 10, partnerName: 'Skyward Air' },
  'email-confirm': { code: '111222', minutes: 10, partnerName: 'Skyward Air' },
  'link-invitation': {
    firstName: 'Ada',
    link: 'https://x.test/l?token=def',
    days: 7,
    partnerName: 'Skyward Air',
  },
  'staff-invitation': {
    firstName: 'Sam',
    link: 'https://x.test/link/ghi',
    days: 14,
    partnerName: 'Skyward Air',
  },
  'support-received': { reference: 'SR-1', subject: 'Lost bag', partnerName: 'Skyward Air' },
  'sign-in-attempts': { partnerName: 'Skyward Air' },
  'monitoring-alert': {
    friendlyName: 'Personal email',
    displayValue: 'uma****@example.com',
    breachTitle: 'Example Shop',
    partnerName: 'Northbank',
  },
  'card-replacement': { reference: 'CR-1A2B3C4D', name: 'Uma User', emailAddress: 'uma@x.test' },
  'flight-alert': {
    flightNumber: 'SK123',
    embark: '2025-06-15 10:00',
    alertType: 'DELAY',
    delayDate: '2025-06-15 13:00',
    partnerName: 'Skyward Air',
  },
  'bag-status': { pir: 'YYZAC12345', status: 'BAG_LOCATED', partnerName: 'Skyward Air' },
  'claim-update': {
    claimNumber: 'HM-CLM-2026-1000',
    businessName: 'Harbour Café',
    step: 'offer',
    partnerName: 'Harbour Mutual',
  },
  'support-request': {
    reference: 'SR-1',
    name: 'Ada Lovelace',
    emailAddress: 'ada@x.test',
    contactNumber: '+15145550100',
    category: 'Luggage',
    localTime: '10:00',
    subject: 'Lost bag',
    body: 'My bag did not arrive: {{not a placeholder}}',
  },
};
const templates = Object.keys(VALUES) as TemplateName[];
/** A user's locale in each text language (`mx` is Mexico's Spanish: `es-MX`). */
const localeOf = (language: (typeof TRANSLATION_LANGUAGES)[number]) =>
  language === 'mx' ? TEXT_LANGUAGE_LOCALES.mx : `${language}-CA`;
const render = (template: TemplateName, locale: string) =>
  renderTemplate(template, locale, VALUES[template] as never);

describe('message templates', () => {
  it.each(
    TRANSLATION_LANGUAGES.flatMap((language) => templates.map((t) => [language, t] as const)),
  )(
    '%s %s renders in its own language, every value filled, no key or {{ left',
    (language, template) => {
      const { subject, text } = render(template, localeOf(language));
      const english = render(template, 'en-CA');
      for (const part of [subject, text]) {
        expect(part.trim()).not.toBe('');
        expect(part.replace('{{not a placeholder}}', '')).not.toContain('{{');
        expect(part).not.toContain(`${template}.`);
      }
      if (language !== 'en')
        expect(`${subject}\n${text}`).not.toBe(`${english.subject}\n${english.text}`);
      for (const value of Object.values(VALUES[template]).filter(
        (v): v is string =>
          typeof v === 'string' && !['added', 'DELAY', 'BAG_LOCATED', 'offer'].includes(v),
      ))
        expect(`${subject}\n${text}`, value).toContain(value);
      expect(emailFooter(localeOf(language), 'Skyward Air')).toContain('Skyward Air');
    },
  );

  it('speak the language of the locale, as the portal maps it', () => {
    const vars = VALUES.otc;
    expect(renderTemplate('otc', 'en-CA', vars).text).toContain('sign-in code is 123456');
    expect(renderTemplate('otc', 'es-ES', vars).text).toContain('código de acceso');
    expect(renderTemplate('otc', 'fr-CA', vars).text).toContain('code de connexion');
    expect(renderTemplate('otc', 'de-DE', vars).subject).toBe('Ihr Anmeldecode für Skyward Air');
    // Mexico's Spanish is the portal's `mx` (usted), not Spain's (tú).
    expect(renderTemplate('otc', 'es-MX', vars).text).toContain('Su código');
    expect(renderTemplate('otc', 'es-ES', vars).text).toContain('Tu código');
    expect(emailFooter('de-AT', 'Skyward Air')).toBe(
      'Diese Nachricht wurde Ihnen von Skyward Air gesendet.',
    );
  });

  it('fall back to English for a language without texts, or a locale that is not one', () => {
    expect(renderTemplate('otc', 'nl-NL', VALUES.otc).subject).toBe(
      'Your Skyward Air sign-in code',
    );
    expect(renderTemplate('otc', '', VALUES.otc).subject).toBe('Your Skyward Air sign-in code');
  });

  it("write a German customer's password reset in German, with the link and its lifetime", () => {
    const { subject, text } = renderTemplate('password-reset', 'de-DE', VALUES['password-reset']);
    expect(subject).toBe('Setzen Sie Ihr Passwort für Skyward Air zurück');
    expect(text).toBe(
      'Um ein neues Passwort zu wählen, öffnen Sie diesen Link innerhalb von 30 Minuten: https://x.test/r?token=abc\n' +
        'Er funktioniert nur einmal. Wenn Sie dies nicht angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.',
    );
  });

  it('carry the link and its lifetime in a reset message', () => {
    const { text } = renderTemplate('password-reset', 'fr-FR', VALUES['password-reset']);
    expect(text).toContain('https://x.test/r?token=abc');
    expect(text).toContain('30 minutes');
  });

  it('take the plural of the count, by the language’s plural rules', () => {
    const otc = (locale: string, minutes: number) =>
      renderTemplate('otc', locale, { ...VALUES.otc, minutes }).text;
    expect(otc('en-CA', 1)).toContain('expires in 1 minute.');
    expect(otc('en-CA', 5)).toContain('expires in 5 minutes.');
    expect(otc('de-DE', 1)).toContain('in 1 Minute ab');
    expect(otc('de-DE', 5)).toContain('in 5 Minuten ab');
    // French counts 0 as singular; English does not.
    expect(otc('fr-CA', 0)).toContain('dans 0 minute.');
    expect(otc('en-CA', 0)).toContain('in 0 minutes.');
    const invite = (days: number) =>
      renderTemplate('link-invitation', 'it-IT', { ...VALUES['link-invitation'], days }).text;
    expect(invite(1)).toContain('entro 1 giorno:');
    expect(invite(7)).toContain('entro 7 giorni:');
  });

  it('name the change and the flight news in the language', () => {
    const payout = renderTemplate('payout-method-changed', 'es-ES', {
      ...VALUES['payout-method-changed'],
      change: 'removed',
    });
    expect(payout.subject).toBe('Se eliminó un método de cobro de tu cuenta de Skyward Air');
    const cancelled = renderTemplate('flight-alert', 'fr-FR', {
      ...VALUES['flight-alert'],
      alertType: 'CANCELLATION',
    });
    expect(cancelled.subject).toBe('SK123 est annulé');
    const unknownDelay = renderTemplate('flight-alert', 'de-DE', {
      ...VALUES['flight-alert'],
      delayDate: null,
    });
    expect(unknownDelay.text).toContain('startet jetzt voraussichtlich später.');
  });

  it('say where a lost bag now stands, each step in its own words', () => {
    const step = (status: 'BAG_LOCATED' | 'BAG_FORWARDED' | 'BAG_DELIVERED' | 'BAG_LOST') =>
      renderTemplate('bag-status', 'fr-FR', { ...VALUES['bag-status'], status }).subject;
    expect(step('BAG_LOCATED')).toBe('Votre bagage YYZAC12345 a été retrouvé');
    expect(step('BAG_LOST')).toBe('Votre bagage YYZAC12345 est désormais considéré comme perdu');
    expect(
      new Set(['BAG_FORWARDED', 'BAG_DELIVERED', 'BAG_LOCATED'].map((s) => step(s as never))).size,
    ).toBe(3);
  });
});
