import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../../lib/clock.ts';
import { freshDatabase } from '../../../../test/database.ts';
import { payoutsPortSuite } from '../port-suite.ts';
import { PAYOUT_CURRENCIES, PAYOUT_PROVIDERS } from '@tern/domain';
import { simulatedRequiredFields } from './fields.ts';
import { CLOSED_ACCOUNT_TAIL, simulatedPayouts } from './index.ts';

payoutsPortSuite('simulator', async () => {
  const { database, release } = await freshDatabase();
  return {
    port: simulatedPayouts({ db: database.db, clock: fakeClock(), settleAfterMs: 0 }),
    close: release,
  };
});

describe('the simulated provider', () => {
  it('clears a transfer when its time has come: settled, or failed for a closed account', async () => {
    const { database, release } = await freshDatabase();
    try {
      const clock = fakeClock();
      const port = simulatedPayouts({ db: database.db, clock, settleAfterMs: 5_000 });
      const base = { amount: 500, currency: 'GBP', beneficiary: 'B', reference: 'r' };
      const good = await port.transfer({
        ...base,
        idempotencyKey: 'good',
        account: { sortCode: '089999', accountNumber: '66374958' },
      });
      const closed = await port.transfer({
        ...base,
        idempotencyKey: 'closed',
        account: { sortCode: '089999', accountNumber: `1234${CLOSED_ACCOUNT_TAIL}` },
      });
      expect(good.status).toBe('sent');
      expect((await port.transferStatus(closed.reference)).status).toBe('sent');
      clock.advance(5_000);
      expect(await port.transferStatus(good.reference)).toMatchObject({ status: 'settled' });
      expect(await port.transferStatus(closed.reference)).toMatchObject({
        status: 'failed',
        failureReason: expect.stringMatching(/account closed/),
        failureCode: 'ACCOUNT_CLOSED',
      });
    } finally {
      await release();
    }
  });

  it('starts every form that asks the account type on Chequing, manual and Corpay alike', () => {
    const defaults = PAYOUT_PROVIDERS.flatMap((provider) =>
      PAYOUT_CURRENCIES.flatMap((currency) =>
        simulatedRequiredFields(provider, currency, { business: false })
          .filter((field) => field.key === 'accountType')
          .map((field) => `${provider} ${currency} ${field.defaultValue}`),
      ),
    );
    expect(defaults).toEqual([
      'BANK-MANUAL CAD CHECKING',
      'BANK-MANUAL USD CHECKING',
      'BANK-CORPAY CAD CHECKING',
      'BANK-CORPAY USD CHECKING',
    ]);
  });
});
