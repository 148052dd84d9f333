import { describe, expect, it } from 'vitest';
import { renderTemplate } from './templates.ts';

describe('message templates', () => {
  const vars = { code: '123456', minutes: 5, partnerName: 'Skyward Air' };

  it('speak the language of the locale', () => {
    expect(renderTemplate('otc', 'en-CA', vars).text).toContain('sign-in code is 123456');
    expect(renderTemplate('otc', 'es-ES', vars).text).toContain('código de acceso');
    expect(renderTemplate('otc', 'fr-CA', vars).text).toContain('code de connexion');
  });

  it('fall back to English for a language without texts', () => {
    expect(renderTemplate('otc', 'de-DE', vars).subject).toBe('Your Skyward Air sign-in code');
  });

  it('carry the link and its lifetime in a reset message', () => {
    const { text } = renderTemplate('password-reset', 'fr-FR', {
      link: 'http://travel.localhost:3000/reset-password?token=abc',
      minutes: 30,
      partnerName: 'Skyward Air',
    });
    expect(text).toContain('http://travel.localhost:3000/reset-password?token=abc');
    expect(text).toContain('30 minutes');
  });
});
