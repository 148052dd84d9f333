import {
  AppError,
  checkPayoutFields,
  providerOfKey,
  type Bank,
  type FieldProblem,
  type PayoutConfig,
  type PayoutCurrency,
  type PayoutProvider,
  type RequiredField,
  type RequiredFieldsQuery,
  visiblePayoutFields,
} from '@tern/domain';
import type { PayoutsPort } from '../../providers/payouts/port.ts';
import { partnerConfig, type PartnerRow } from '../partners/index.ts';

const fieldsInvalid = (problems: FieldProblem[]) =>
  new AppError('PAYMENT_FIELDS_INVALID', {
    message: 'Some payment details are not valid',
    field: problems[0]!.field,
    details: problems,
  });

/**
 * The partner's payout service (spec 1 §3 "Payout config") and its providers' fields: what a
 * method may be, and its values checked as the definitions and the provider want them.
 */
export function payoutFieldsService(deps: { port: PayoutsPort }) {
  const { port } = deps;

  /** The partner's payout service, or PAYOUT_SERVICE_NOT_CONFIGURED. */
  const serviceOf = (partner: PartnerRow) => {
    const { payouts, parametric } = partnerConfig(partner);
    const { supplier } = payouts;
    if (!supplier)
      throw new AppError('PAYOUT_SERVICE_NOT_CONFIGURED', {
        message: `Partner ${partner.id} has no payout service`,
      });
    const currencies = [...new Set([payouts.country.currency, ...payouts.otherCurrencies])];
    return { ...payouts, supplier, currencies, business: parametric };
  };

  /** The provider's definitions, for a provider the partner pays through (named by `field`). */
  const definitionsFor = async (
    partner: PartnerRow,
    provider: PayoutProvider,
    currency: PayoutCurrency,
    field = 'type',
  ): Promise<RequiredField[]> => {
    const service = serviceOf(partner);
    if (!service.providers.includes(provider))
      throw new AppError('INVALID_PARAMS', {
        message: `${partner.id} does not pay out through ${provider}`,
        field,
      });
    if (!service.currencies.includes(currency))
      throw new AppError('INVALID_PARAMS', {
        message: `${partner.id} does not pay out in ${currency}`,
        field: 'currency',
      });
    return port.requiredFields(provider, currency, { business: service.business });
  };

  /** The values checked as the definitions and the provider want them, or 422 with every field. */
  const checkedValues = (
    definitions: RequiredField[],
    currency: PayoutCurrency,
    values: Record<string, string>,
  ) => {
    const checked = checkPayoutFields(definitions, values);
    if (checked.problems.length > 0) throw fieldsInvalid(checked.problems);
    const account = port.checkAccount(currency, checked.values);
    if (account.problems.length > 0) throw fieldsInvalid(account.problems);
    return account.values;
  };
  return {
    serviceOf,
    definitionsFor,
    checkedValues,
    /** The partner's payout supplier, providers and country (spec 1 §3 "Payout config"). */
    config(partner: PartnerRow): PayoutConfig {
      const service = serviceOf(partner);
      return {
        payouts: {
          supplier: service.supplier,
          providers: service.providers,
          currencies: service.currencies,
        },
        country: { iso: service.country.iso, currency: service.country.currency },
      };
    },

    /** A provider's field definitions for a currency, or the banks a lookup finds. */
    async requiredFields(
      partner: PartnerRow,
      key: string,
      query: RequiredFieldsQuery,
    ): Promise<RequiredField[] | Bank[]> {
      const service = serviceOf(partner);
      if (query.bankSearch !== undefined && query.country !== undefined)
        return port.searchBanks(query.country, query.bankSearch);
      // The vendor stands for the partner's first provider.
      const provider = providerOfKey(key) ?? service.providers[0];
      if (!provider)
        throw new AppError('PAYOUT_SERVICE_NOT_CONFIGURED', {
          message: `Partner ${partner.id} has no payout provider`,
        });
      return definitionsFor(
        partner,
        provider,
        query.currency ?? service.country.currency,
        'serviceProvider',
      );
    },

    /**
     * The fields the payment-rails supplier's page asks for: the bank fields of the partner's
     * currency, typed in (the page has no bank lookup).
     */
    async supplierFields(partner: PartnerRow) {
      const service = serviceOf(partner);
      const { currency } = service.country;
      // The supplier asks for what a manual bank transfer needs.
      const fields = await port.requiredFields('BANK-MANUAL', currency, {
        business: service.business,
      });
      return { currency, fields: visiblePayoutFields(fields).filter((f) => !f.lookupField) };
    },
  };
}
export type PayoutFieldsService = ReturnType<typeof payoutFieldsService>;
