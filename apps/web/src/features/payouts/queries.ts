import type { PayoutCurrency, PayoutProvider } from '@tern/domain/partners/config';
import { payoutsContracts } from '@tern/domain/payouts/contracts';
import type { Bank, RequiredField } from '@tern/domain/payouts/fields';
import { queryOptions } from '@tanstack/react-query';
import type { DatasetContext } from '../../core/data/dataset.ts';
import { SESSION_QUERY_SCOPE } from '../../core/session/session-query-scope.ts';
import type { ApiClient } from '../../lib/api-client.ts';

/** A provider's `{service-provider}` in the required-fields call. */
const serviceProviderOf = (provider: PayoutProvider) =>
  provider.toLowerCase() as Lowercase<PayoutProvider>;

/**
 * The fields a provider needs for a currency (spec 1 §4 "fetch required fields"). They change
 * only with a release of the provider, so they are kept for the session.
 */
export const requiredFieldsQuery = (
  api: ApiClient,
  provider: PayoutProvider,
  currency: PayoutCurrency,
) =>
  queryOptions({
    queryKey: [payoutsContracts.requiredFields.id, provider, currency] as const,
    queryFn: async ({ signal }) =>
      (await api.call(
        payoutsContracts.requiredFields,
        { params: { serviceProvider: serviceProviderOf(provider) }, query: { currency } },
        { signal },
      )) as RequiredField[],
    staleTime: Infinity,
  });

/** The banks of a country whose name or address matches the text typed (3 characters or more). */
export const searchBanks = async (
  api: ApiClient,
  provider: PayoutProvider,
  country: string,
  bankSearch: string,
): Promise<Bank[]> =>
  (await api.call(payoutsContracts.requiredFields, {
    params: { serviceProvider: serviceProviderOf(provider) },
    query: { country, bankSearch },
  })) as Bank[];

/**
 * The user's payments, newest first. Its key is the one the API's live events name, so a
 * payment moving on (sent, settled, failed) shows at once.
 */
export const paymentsQuery = ({ api, userId }: Pick<DatasetContext, 'api' | 'userId'>) =>
  queryOptions({
    queryKey: [SESSION_QUERY_SCOPE, userId, payoutsContracts.payments.id] as const,
    queryFn: ({ signal }) => api.call(payoutsContracts.payments, { query: { userId } }, { signal }),
  });
