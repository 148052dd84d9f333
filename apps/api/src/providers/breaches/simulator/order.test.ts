import { describe, expect, it } from 'vitest';
import { breachFromOrder, type BreachOrder } from './order.ts';

const now = new Date('2026-10-05T12:00:00Z');
const order = (values: Partial<BreachOrder>) =>
  breachFromOrder(
    {
      type: 'EMAIL_ADDRESS',
      value: 'x.person@northbank.example',
      name: 'ExampleShop',
      title: undefined,
      domain: undefined,
      classes: undefined,
      date: undefined,
      unverified: false,
      fabricated: false,
      spamList: false,
      sensitive: false,
      ...values,
    },
    now,
  );

describe("the operator's breach order", () => {
  it('plants a verified breach of today, titled by its name, with the type’s data class', () => {
    expect(order({})).toEqual({
      ok: true,
      facts: {
        name: 'ExampleShop',
        title: 'ExampleShop',
        domain: '',
        breachDate: '2026-10-05',
        dataClasses: ['Email addresses'],
        description:
          'In October 2026, ExampleShop suffered a data breach exposing email addresses. Planted by the operator of the simulated breach source.',
        isVerified: true,
        isFabricated: false,
        isSpamList: false,
        isSensitive: false,
      },
      record: { dataType: 'EMAIL_ADDRESS', value: 'x.person@northbank.example' },
    });
  });

  it('takes the title, domain, classes, date and flags given', () => {
    const done = order({
      type: 'passport',
      value: ' 123456789 ',
      title: 'Example Shop',
      domain: 'ExampleShop.example',
      classes: 'Email addresses, Passwords,,email ADDRESSES',
      date: '2026-02-28',
      unverified: true,
      fabricated: true,
      spamList: true,
      sensitive: true,
    });
    expect(done).toMatchObject({
      ok: true,
      facts: {
        title: 'Example Shop',
        domain: 'exampleshop.example',
        breachDate: '2026-02-28',
        dataClasses: ['Email addresses', 'Passport numbers', 'Passwords'],
        isVerified: false,
        isFabricated: true,
        isSpamList: true,
        isSensitive: true,
      },
      record: { dataType: 'PASSPORT', value: '123456789' },
    });
  });

  it('refuses a value the portal would refuse, without saying it back', () => {
    const refused = order({ value: 'not-an-email@' });
    expect(refused).toEqual({
      ok: false,
      reason:
        '--value is not a valid EMAIL_ADDRESS: the portal would refuse it (validation.inv_email)',
    });
    expect(order({ type: 'CARD', value: '4111 1111 1111 1112' })).toMatchObject({
      ok: false,
      reason: expect.not.stringContaining('4111'),
    });
    expect(order({ value: undefined })).toEqual({
      ok: false,
      reason: '--value is required: the EMAIL_ADDRESS to plant',
    });
  });

  it('refuses an unknown type, a bad name, domain, date or too many classes', () => {
    expect(order({ type: 'SHOE_SIZE' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^--type is one of BANK_ACCOUNT, CARD, EMAIL_ADDRESS/),
    });
    for (const name of [undefined, '', 'Example Shop', '-Shop', 'x'.repeat(65), 'Shop/1'])
      expect(order({ name }), String(name)).toMatchObject({ ok: false, reason: /--name/ });
    for (const domain of ['nodot', 'http://shop.example', 'shop.example/path', 'a b.example'])
      expect(order({ domain }), domain).toMatchObject({ ok: false, reason: /--domain/ });
    for (const date of ['2026-02-30', '2026-13-01', '01/10/2026', 'yesterday'])
      expect(order({ date }), date).toMatchObject({ ok: false, reason: /--date/ });
    expect(
      order({ classes: Array.from({ length: 31 }, (_, i) => `c${i}`).join(',') }),
    ).toMatchObject({ ok: false, reason: /--classes/ });
    expect(order({ title: 't'.repeat(201) })).toMatchObject({ ok: false, reason: /--title/ });
  });
});
