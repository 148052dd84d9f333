import { describe, expect, it } from 'vitest';
import { accountsContracts, contentContracts, payoutsContracts } from '@tern/domain';
import { useTestApp } from '../../test/app.ts';
import { keyOf, login, signedIn } from '../../test/accounts.ts';
import { urlOf } from '../../test/urls.ts';

describe('caching of answers', () => {
  const t = useTestApp();

  it('keeps credentials, personal data, the runtime configuration and errors out of caches', async () => {
    const user = await signedIn(t, 'user@travel.example.com');
    const answers = [
      await login(t, 'user@travel.example.com'),
      await t.app.inject({
        method: 'POST',
        url: urlOf(accountsContracts.mfaToken),
        headers: user.headers,
        payload: { label: 'Phone' },
      }),
      await t.app.inject({
        url: urlOf(accountsContracts.details, { id: user.userId }),
        headers: user.headers,
      }),
      await t.app.inject({
        url: urlOf(payoutsContracts.methods, {}, { userId: user.userId }),
        headers: user.headers,
      }),
      await t.app.inject({ url: '/runtime-config.json', headers: { host: 'travel.localhost' } }),
      await login(t, 'user@travel.example.com', 'wrong-password'),
      await t.app.inject({ url: urlOf(accountsContracts.details, { id: user.userId }) }),
    ];
    for (const res of answers) expect(res.headers['cache-control'], res.body).toBe('no-store');
    expect(answers.at(-1)?.statusCode).toBe(401);
  });

  it('leaves routes that may be cached their own rule', async () => {
    const res = await t.app.inject({
      url: urlOf(contentContracts.translations, { theme: 'travel', file: 'english' }),
      headers: keyOf('travel'),
    });
    // The translation file follows the partner's areas: a day, in the browser only.
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
  });
});
