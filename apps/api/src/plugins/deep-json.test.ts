import { describe, expect, it } from 'vitest';
import { accountsContracts } from '@tern/domain';
import { useTestApp } from '../../test/app.ts';
import { keyOf } from '../../test/accounts.ts';
import { deepJsonText } from '../../test/fuzz/arbitraries.ts';
import { urlOf } from '../../test/urls.ts';

/**
 * A body nested far deeper than any schema (the schema fuzzer's find): the text check every
 * request passes (`refuseUnstorableText`) walked it by recursion and overflowed the call stack,
 * answering 500. It is answered 400 like any other body its route does not take.
 */
describe('a JSON body nested 100,000 levels deep', () => {
  const t = useTestApp();

  it.each(['array', 'object', 'mixed'] as const)(
    'is refused with 400, nested as %s',
    async (kind) => {
      const res = await t.app.inject({
        method: 'POST',
        url: urlOf(accountsContracts.requestCode),
        headers: { ...keyOf('travel'), 'content-type': 'application/json' },
        payload: deepJsonText(100_000, kind),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
    },
  );

  it('is refused naming the field when it holds NUL at its bottom', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.requestCode),
      headers: { ...keyOf('travel'), 'content-type': 'application/json' },
      payload: '{"a":'.repeat(100_000) + '"\\u0000"' + '}'.repeat(100_000),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PARAMS' });
    expect(res.json().field.split('.')).toHaveLength(100_000);
  });
});
