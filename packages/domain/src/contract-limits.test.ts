import { describe, expect, it } from 'vitest';
import { allContracts } from './areas.ts';
import { ABUSE_CLASSES } from './contract.ts';

/**
 * The write calls without an abuse class, each with why a burst of it sends no message,
 * creates no account, moves no money and takes no file (or has a limit of its own). A new
 * write call fails the test below until it carries its class or is named here.
 */
const UNCLASSED: Record<string, string> = {
  'partners.addWebhook': "the partner's own settings, at most a few endpoints",
  'partners.updateWebhook': "the partner's own settings",
  'partners.removeWebhook': "the partner's own settings",
  'partners.rotateWebhookSecret': "the partner's own settings",
  'accounts.login':
    'limited per account and address, per address and per account (sign-in/lockout.test.ts)',
  'accounts.confirmCode': 'five tries per code; limited per address',
  'accounts.confirmMfa': 'five tries per challenge and ten per user; limited per address',
  'accounts.checkResetLink': 'reads a link; limited per address',
  'accounts.resetPassword': 'a link works once; limited per address',
  'accounts.confirmEmail': 'confirms a code already sent: five tries per code',
  'accounts.confirmMobile': 'confirms a code already sent: five tries per code',
  'accounts.mfaToken': 'starts an authenticator setup of the caller; sends nothing',
  'accounts.setMfa': 'wrong codes limited per user',
  'accounts.actFor': "staff open a customer's session; audited",
  'accounts.updateStaff': "an ADMIN changes a colleague's role or status",
  'policies.attach': 'policy numbers tried limited per user',
  'policies.save': 'the partner records the policies it sold',
  'policies.update': 'the partner records the policies it sold',
  'policies.cancel': 'the partner records the policies it sold',
  'claims.updateItem': "edits the caller's own item",
  'claims.removeItem': 'cancels cover; no money moves',
  'claims.updateAlert': 'a claim step, taken once; the money moves with updatePayout',
  'claims.updateDataset': 'a claim step, taken once',
  'claims.addDataset': 'a claim step, taken once; its files were counted as uploads',
  'claims.attach': 'files already uploaded (counted then), a few a month',
  'claims.startConsent': "starts the bank's consent page; nothing sent, nothing paid",
  'claims.completeConsent': 'finishes a consent started by the caller',
  'claims.reconfirmConsent': "extends the caller's consent",
  'claims.revokeConsent': "ends the caller's consent",
  'monitoring.subscribe': 'idempotent',
  'monitoring.addItem': 'a few items per data type',
  'monitoring.renameItem': "edits the caller's own item",
  'monitoring.deleteItem': "edits the caller's own item",
  'monitoring.setAction': "edits the caller's own alert",
  'monitoring.updateAlert': "edits the caller's own alert",
  'monitoring.cardFrame': 'the card vault limits what each frame tokenises',
  'travel.addPassenger': "edits the caller's own trips",
  'travel.updatePassenger': "edits the caller's own trips",
  'travel.removePassenger': "edits the caller's own trips",
  'travel.updateTrip': "edits the caller's own trips",
  'travel.cancelTrip': 'cancels cover; no money moves',
  'travel.userFlight': 'looks a flight up',
  'travel.alert': "records the caller's report of a flight; money moves with a resolution",
  'travel.notifyAlert': 'a look at a flight now; a change is told once',
  'resolutions.confirm': 'confirms a booked lounge; no money moves',
  'luggage.reportBag': 'one report per bag and flight',
  'luggage.updateBag': "edits the caller's own report",
  'luggage.removeBag': "edits the caller's own report",
  'widget.setOrigins': "the partner's own settings",
  // Reads that write.
  'accounts.sso': "an account only from the partner's signed, single-use token",
  'widget.session': "an account only from the partner's signed, single-use token",
};

describe('the abuse classes of the contracts', () => {
  it.each(allContracts.map((c) => [c.id, c] as const))(
    '%s: a write call carries its class, or is named with why it has none',
    (id, contract) => {
      if (contract.upload || contract.rawUpload) expect(contract.limit).toBe('upload');
      if (contract.limit) {
        expect(ABUSE_CLASSES).toContain(contract.limit);
        expect(UNCLASSED[id], 'classed and named unclassed').toBeUndefined();
      } else if (contract.method !== 'GET') expect(UNCLASSED[id], 'no abuse class').toBeDefined();
    },
  );

  it('names no call that is gone', () => {
    const ids = new Set<string>(allContracts.map((c) => c.id));
    expect(Object.keys(UNCLASSED).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('has calls in every class', () => {
    for (const abuse of ABUSE_CLASSES)
      expect(allContracts.filter((c) => c.limit === abuse).length, abuse).toBeGreaterThan(0);
  });
});
