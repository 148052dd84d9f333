import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYOUT_CURRENCIES,
  PAYOUT_LEGAL_TYPE,
  PAYOUT_PROVIDERS,
  requiredFieldListSchema,
} from '@tern/domain';
import type { PayoutsPort } from './port.ts';

/**
 * What every payouts adapter must do, the simulator and a real provider's alike: run it
 * with `payoutsPortSuite('corpay', async () => ({ port, close }))` against the adapter. A
 * real adapter runs it against the provider's sandbox, where transfers clear by themselves.
 */
export function payoutsPortSuite(
  name: string,
  open: () => Promise<{ port: PayoutsPort; close: () => Promise<void> }>,
) {
  describe(`payouts port: ${name}`, () => {
    let port: PayoutsPort;
    let close: () => Promise<void> = async () => {};
    beforeAll(async () => {
      ({ port, close } = await open());
    });
    afterAll(() => close());

    it('defines valid fields for every provider and currency, with the bank fields each needs', async () => {
      for (const provider of PAYOUT_PROVIDERS)
        for (const currency of PAYOUT_CURRENCIES) {
          const fields = requiredFieldListSchema.parse(
            await port.requiredFields(provider, currency, { business: false }),
          );
          const keys = fields.map((field) => field.key);
          expect(keys, `${provider} ${currency}`).toContain('legalType');
          expect(keys).toContain('emailAddress');
          for (const field of fields)
            for (const pattern of field.validationRegexp ?? [])
              expect(() => new RegExp(pattern)).not.toThrow();
        }
      const cad = await port.requiredFields('BANK-MANUAL', 'CAD', { business: false });
      expect(cad.map((f) => f.key)).toEqual(
        expect.arrayContaining([
          'institutionNumber',
          'transitNumber',
          'accountNumber',
          'accountType',
        ]),
      );
      const eur = await port.requiredFields('BANK-MANUAL', 'EUR', { business: true });
      expect(eur.find((f) => f.key === 'legalType')).toMatchObject({
        readOnly: true,
        defaultValue: PAYOUT_LEGAL_TYPE,
      });
    });

    it("checks IBANs, BICs, UK modulus and ABA checksums, keeping the provider's form", () => {
      const eur = port.checkAccount('EUR', {
        iban: 'de89 3704 0044 0532 0130 00',
        bic: 'cobadeffxxx',
      });
      expect(eur).toEqual({
        values: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
        problems: [],
      });
      expect(port.checkAccount('EUR', { iban: 'DE89370400440532013001' }).problems).toEqual([
        { field: 'iban', message: 'validation.invalid' },
      ]);
      expect(port.checkAccount('EUR', { bic: 'COBADEF' }).problems).toHaveLength(1);
      expect(
        port.checkAccount('GBP', { sortCode: '089999', accountNumber: '66374958' }).problems,
      ).toEqual([]);
      expect(
        port.checkAccount('GBP', { sortCode: '089999', accountNumber: '66374959' }).problems,
      ).toEqual([{ field: 'accountNumber', message: 'validation.invalid' }]);
      expect(port.checkAccount('USD', { routingNumber: '011000015' }).problems).toEqual([]);
      expect(port.checkAccount('USD', { routingNumber: '011000016' }).problems).toHaveLength(1);
    });

    it('looks up real banks by country and text', async () => {
      const banks = await port.searchBanks('CA', 'royal bank');
      expect(banks.length).toBeGreaterThan(0);
      expect(banks[0]).toMatchObject({ institutionName: expect.stringMatching(/royal bank/i) });
      expect(await port.searchBanks('CA', 'zzqqxx')).toEqual([]);
    });

    it('pays one transfer per idempotency key, and refuses the key for other details', async () => {
      const request = {
        idempotencyKey: `suite-${Date.now()}-${Math.random()}`,
        amount: 1234,
        currency: 'CAD',
        account: { institutionNumber: '003', transitNumber: '00011', accountNumber: '123456789' },
        beneficiary: 'Uma User',
        reference: 'Port suite',
      };
      const [first, second] = await Promise.all([port.transfer(request), port.transfer(request)]);
      expect(first.reference).toBeTruthy();
      expect(second.reference).toBe(first.reference);
      expect(['sent', 'settled']).toContain(first.status);
      await expect(port.transfer({ ...request, amount: 1 })).rejects.toThrow();
      const status = await port.transferStatus(first.reference);
      expect(status.reference).toBe(first.reference);
    });
  });
}
