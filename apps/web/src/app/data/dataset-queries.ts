import type { DatasetName } from '@tern/domain/constants';
import { itemAlertListSchema, insuredItemListSchema } from '@tern/domain/claims/schemas';
import { lostBagListSchema } from '@tern/domain/luggage/schemas';
import {
  monitoringAlertListSchema,
  subscriberStatusSchema,
  subscriptionsSchema,
  type SubscriberStatus,
} from '@tern/domain/monitoring/schemas';
import { payoutConfigSchema, payoutMethodListSchema } from '@tern/domain/payouts/schemas';
import { policyListSchema, type Policy } from '@tern/domain/policies/schemas';
import { passengerListSchema, tripListSchema } from '@tern/domain/travel/schemas';
import { userAccessSchema, userDetailsSchema } from '@tern/domain/accounts/schemas';
import { queryOptions } from '@tanstack/react-query';
import { ACTIVE_POLICY } from '@tern/domain/constants';
import type { HttpClient } from '../../lib/http.ts';
import { SESSION_QUERY_SCOPE } from '../session/session-query-scope.ts';

/** What every dataset call needs: the client and whose data it is. */
export type DatasetContext = { http: HttpClient; userId: string; partnerId: string };

const id = (value: string) => encodeURIComponent(value);

/**
 * Spec 1 §7 "Policies": only active policies, open-ended first, then by end date, latest
 * first. The API answers them so already; the portal holds the rule too.
 */
export const activePoliciesInOrder = (policies: readonly Policy[]): Policy[] =>
  policies
    .filter((policy) => policy.active === ACTIVE_POLICY)
    .sort((a, b) => {
      if (a.policyEnd === b.policyEnd) return 0;
      if (a.policyEnd === null) return -1;
      if (b.policyEnd === null) return 1;
      return b.policyEnd.localeCompare(a.policyEnd);
    });

/** The call behind each dataset of spec 1 §3, answered through its domain schema. */
const fetchers = {
  USER_DETAILS: ({ http, userId }: DatasetContext, signal?: AbortSignal) =>
    http.get(`/platform/users/${id(userId)}`, { schema: userDetailsSchema, signal }),
  POLICIES: async ({ http, userId }: DatasetContext, signal?: AbortSignal) =>
    activePoliciesInOrder(
      await http.get(`/platform/users/${id(userId)}/policies`, {
        schema: policyListSchema,
        signal,
      }),
    ),
  PAYOUT_METHODS: ({ http, userId }: DatasetContext, signal?: AbortSignal) =>
    http.get('/platform/payouts/methods', {
      query: { userId },
      schema: payoutMethodListSchema,
      signal,
    }),
  PAYOUT_CONFIGS: ({ http, userId }: DatasetContext, signal?: AbortSignal) =>
    http.get('/platform/payouts/config', { query: { userId }, schema: payoutConfigSchema, signal }),
  ITEMS: ({ http }: DatasetContext, signal?: AbortSignal) =>
    http.get('/platform/items', { schema: insuredItemListSchema, signal }),
  ITEM_ALERTS: ({ http }: DatasetContext, signal?: AbortSignal) =>
    http.get('/platform/items/views/item-alerts', {
      query: { active: true },
      schema: itemAlertListSchema,
      signal,
    }),
  OWL_MONITORED_DATA: ({ http, userId }: DatasetContext, signal?: AbortSignal) =>
    http.get(`/owl/subscribers/${id(userId)}/subscriptions`, {
      query: { active: true },
      schema: subscriptionsSchema,
      signal,
    }),
  OWL_ALERTS: ({ http, userId }: DatasetContext, signal?: AbortSignal) =>
    http.get(`/owl/subscribers/${id(userId)}/subscriptions/alerts/`, {
      query: { filter: 'complete' },
      schema: monitoringAlertListSchema,
      signal,
    }),
  PASSENGERS: ({ http, userId }: DatasetContext, signal?: AbortSignal) =>
    http.get('/travel/passengers', { query: { userId }, schema: passengerListSchema, signal }),
  LUGGAGE: ({ http }: DatasetContext, signal?: AbortSignal) =>
    http.get('/travel/luggage/lost/bags', { schema: lostBagListSchema, signal }),
  TRIPS: ({ http, userId }: DatasetContext, signal?: AbortSignal) =>
    http.get('/travel/trips', { query: { userId }, schema: tripListSchema, signal }),
} satisfies Record<
  DatasetName,
  (context: DatasetContext, signal?: AbortSignal) => Promise<unknown>
>;

type Fetchers = typeof fetchers;
/** What each dataset holds once loaded. */
export type DatasetData<N extends DatasetName> = Awaited<ReturnType<Fetchers[N]>>;

/**
 * User details and policies are what every page stands on: their failures go to the error
 * handler. The other datasets show a failure on their own card (a partner without a payout
 * service must not greet every login with a warning); a 401 still logs out.
 */
const LOUD: readonly DatasetName[] = ['USER_DETAILS', 'POLICIES'];

export const datasetQueryKey = (userId: string, name: DatasetName) =>
  [SESSION_QUERY_SCOPE, userId, name] as const;

export const datasetQuery = <N extends DatasetName>(name: N, context: DatasetContext) =>
  queryOptions({
    queryKey: datasetQueryKey(context.userId, name),
    queryFn: ({ signal }) => fetchers[name](context, signal) as Promise<DatasetData<N>>,
    meta: { silent: !LOUD.includes(name) },
  });

/** The subscription of spec 1 §4 step 3 (monitoring), or why it could not be read. */
export type SubscriptionState = SubscriberStatus | { error: unknown };

/**
 * Reads the monitoring subscription and subscribes the user when it is inactive. Spec 1 §8:
 * the status fetch "resolves with the error", so this never rejects; the monitored data is
 * then loaded anyway and shows its own failure.
 */
export const subscriptionQuery = ({ http, userId, partnerId }: DatasetContext) =>
  queryOptions({
    queryKey: [SESSION_QUERY_SCOPE, userId, 'SUBSCRIPTION'] as const,
    queryFn: async ({ signal }): Promise<SubscriptionState> => {
      const read = () =>
        http.get(`/monitoring/subscribers/${id(userId)}`, {
          schema: subscriberStatusSchema,
          signal,
        });
      try {
        const status = await read();
        if (status.subscribed) return status;
        await http.post(`/owl/subscribers/${id(userId)}`, { partnerId }, { signal });
        return await read();
      } catch (error) {
        if (signal.aborted) throw error;
        return { error };
      }
    },
    meta: { silent: true },
  });

/** The signed-in user's roles and access profile (spec 1 §6). */
export const accessQuery = ({ http, userId }: Pick<DatasetContext, 'http' | 'userId'>) =>
  queryOptions({
    queryKey: [SESSION_QUERY_SCOPE, userId, 'ACCESS'] as const,
    queryFn: ({ signal }) =>
      http.get(`/platform/users/${id(userId)}/access`, { schema: userAccessSchema, signal }),
  });
