/**
 * Amounts are held in integer minor units of their currency (cents, pence). Kept free of zod:
 * the portal's shell formats money with it.
 */

/** The digits after the decimal point a currency's minor units stand for (JPY 0, CAD 2). */
export const minorDigits = (currency: string): number =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits ?? 2;

/** An amount in minor units, in the currency's major units: 15000 CAD → 150. */
export const toMajorUnits = (minorUnits: number, currency: string): number =>
  minorUnits / 10 ** minorDigits(currency);
