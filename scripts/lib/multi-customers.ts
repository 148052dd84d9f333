import { alertPeriods, claimsContracts, monitoringContracts, type Contract } from '@tern/domain';
import {
  apiKeyOf,
  demoCustomer,
  every,
  EVERY,
  instanceOf,
  otherThan,
  pick,
  sessionCheck,
  type Actor,
  type LoadContext,
} from './multi-actors.ts';
import { call } from './multi-load.ts';

/**
 * The demo customers of the parametric and the monitoring partner in `npm run multi`: the
 * business customer reads its claims and submits each new claim's revenue prediction (a
 * claims dataset: the underwriting job makes the offer); the subscriber reads its monitored
 * data and alerts and adds and removes monitored items (each a scan job).
 */

interface ClaimRow {
  alertId: string;
  itemId: string;
  alertDate: string;
  status: string;
  datasets: {
    datasetId: string;
    name: string;
    completed: boolean;
    data: { year: number; month: number; revenue: number | null }[];
  }[];
}

/** The parametric partner's customer: its claims read, and each new claim's prediction submitted. */
export async function businessCustomer(context: LoadContext, email: string): Promise<Actor> {
  const customer = await demoCustomer(context, 'business', email);
  const apiKey = apiKeyOf(context, 'business');
  const submitted = new Set<string>();
  const due = { claim: every(EVERY.claim), session: every(EVERY.session * 2) };
  const actor: Actor = {
    ...customer,
    step: async () => {
      const on = instanceOf(context);
      const token = pick(actor.tokens);
      if (due.session()) return sessionCheck(context, actor, email);
      const claims = (await call('claim', on, claimsContracts.alerts, {
        apiKey,
        token,
        query: { active: 'true' },
      })) as ClaimRow[] | undefined;
      if (!claims || !due.claim()) {
        await call('read', on, claimsContracts.items, { apiKey, token });
        return;
      }
      for (const claim of claims) {
        const prediction = claim.datasets.find((d) => d.name === 'USER-REVENUE-PREDICTION');
        if (
          submitted.has(claim.alertId) ||
          claim.status !== 'prediction' ||
          !prediction ||
          prediction.completed ||
          new Date(claim.alertDate) < context.startedAt
        )
          continue;
        submitted.add(claim.alertId);
        const done = await call('claim', otherThan(context, on), claimsContracts.updateDataset, {
          apiKey,
          token,
          params: { itemId: claim.itemId, alertId: claim.alertId, datasetId: prediction.datasetId },
          body: {
            // Prefilled from the bank when it is connected; the café's is not: every period.
            data: (prediction.data.length ? prediction.data : alertPeriods(claim.alertDate)).map(
              ({
                year,
                month,
                revenue,
              }: {
                year: number;
                month: number;
                revenue?: number | null;
              }) => ({
                year,
                month,
                revenue: revenue ?? 100_000,
              }),
            ),
            completed: true,
          },
        });
        if (done !== undefined) context.counts.predictions.push(claim.alertId);
      }
    },
  };
  return actor;
}

/** The monitoring partner's subscriber: reads, and items added and removed (each scanned). */
export async function subscriber(context: LoadContext, email: string): Promise<Actor> {
  const customer = await demoCustomer(context, 'identity', email);
  const apiKey = apiKeyOf(context, 'identity');
  const { userId } = customer;
  const due = { item: every(EVERY.item), session: every(EVERY.session * 2) };
  let added: string | undefined;
  let items = 0;
  const reads: [Contract, object][] = [
    [monitoringContracts.status, { params: { userId } }],
    [monitoringContracts.subscriptions, { params: { userId }, query: { active: 'true' } }],
    [monitoringContracts.alerts, { params: { userId } }],
    [monitoringContracts.scan, { params: { userId } }],
  ];
  const actor: Actor = {
    ...customer,
    step: async () => {
      const on = instanceOf(context);
      const token = pick(actor.tokens);
      if (due.session()) return sessionCheck(context, actor, email);
      if (!due.item()) {
        const [contract, args] = pick(reads);
        await call('read', on, contract, { apiKey, token, ...args });
      } else if (added) {
        await call('scan', on, monitoringContracts.deleteItem, {
          apiKey,
          token,
          params: { userId, id: added },
        });
        added = undefined;
      } else {
        const item = (await call('scan', on, monitoringContracts.addItem, {
          apiKey,
          token,
          params: { userId, dataType: 'EMAIL_ADDRESS' },
          body: { displayName: `Multi ${++items}`, value: `multi-${items}@example.com` },
        })) as { id: string } | undefined;
        added = item?.id;
      }
    },
  };
  return actor;
}
