import { randomUUID } from 'node:crypto';
import {
  CLAIM_DATASETS,
  TRIGGER_TYPES,
  alertPeriods,
  expectedRevenue,
  reachesThreshold,
  type ClaimDatasetRow,
  type ClaimTrigger,
} from '@tern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { TriggerEvent, TriggerFeedPort } from '../../providers/parametric-triggers/port.ts';
import type { Owner } from '../../plugins/contracts.ts';
import { partnerConfig, type PartnerRow } from '../partners/index.ts';
import type { BankRevenue, Business } from './bank-revenue.ts';
import { predictionOf, withDataset } from './claims-service.ts';
import type { ClaimNotifier } from './notify.ts';
import type { ClaimsRepo } from './repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The feed's name in the cursor table (one feed so far). */
const FEED = 'parametric';
const BATCH = 100;

/** What a partner's name gives its claim numbers: Harbour Mutual → HM. */
const prefixOf = (partner: PartnerRow) =>
  partner.name
    .split(/\s+/)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('')
    .replace(/[^A-Z]/g, '') || 'CLM';

const DESCRIPTIONS: Record<ClaimTrigger['type'], (t: ClaimTrigger) => string> = {
  flood: (t) =>
    `Flood water ${t.measuredValue} cm above floor level at the premises (cover from ${t.threshold} cm)`,
  outage: (t) =>
    `Power cut of ${Math.round(t.measuredValue / 6) / 10} hours at the premises (cover from ${t.threshold / 60} hours)`,
  closure: (t) =>
    `Closure order in force for ${Math.round(t.measuredValue / 6) / 10} hours (cover from ${t.threshold / 60} hours)`,
};

/**
 * Opening claims from the parametric trigger feed (issue 28): an event that reaches the cover's
 * threshold at an insured business opens one claim per item and event — the database refuses a
 * second, so several instances reading the same event open one — and tells the customer.
 */
export function claimOpener(deps: {
  repo: ClaimsRepo;
  feed: TriggerFeedPort;
  bank: BankRevenue;
  clock: Clock;
  notifier: ClaimNotifier;
  partnerById: (id: string) => Promise<PartnerRow | undefined>;
  log: FastifyBaseLogger;
}) {
  const { repo, feed, bank, clock, notifier, log } = deps;

  /** The prediction's starting point from the bank history, or nothing without a consent. */
  async function prefill(business: Business, alertDate: string): Promise<ClaimDatasetRow[]> {
    const history = await bank.history(business, new Date(alertDate));
    if (!history) return [];
    const expected = expectedRevenue(history, alertPeriods(alertDate), alertDate);
    return (expected ?? []).map(({ year, month, revenue, lastYear, trend, share }) => ({
      year,
      month,
      revenue,
      expected: revenue,
      basis: { lastYear, trend, share },
    }));
  }

  async function openClaim(event: TriggerEvent): Promise<boolean> {
    // A reference that is not one of Tern's item ids names no business Tern covers.
    if (!UUID.test(event.businessRef)) return false;
    const item = await repo.findItem(event.businessRef);
    const partner = item && (await deps.partnerById(item.partnerId));
    const terms = partner && partnerConfig(partner).claimTerms;
    // Not a business Tern covers, or covered since after the event: no claim.
    if (!item || !partner || !terms || !partnerConfig(partner).parametric) return false;
    if (new Date(event.at) < item.createdAt) return false;
    if (!reachesThreshold(event.type, event.measuredValue, terms)) return false;
    const kind = TRIGGER_TYPES[event.type];
    const trigger: ClaimTrigger = {
      type: event.type,
      measuredValue: event.measuredValue,
      threshold: kind.threshold(terms),
      unit: kind.unit,
      source: event.source,
      at: new Date(event.at).toISOString(),
    };
    const now = clock.now();
    const alertDate = trigger.at;
    const year = new Date(alertDate).getUTCFullYear();
    const number = await repo.nextClaimNumber();
    const alert = await repo.openAlert(
      {
        itemId: item.id,
        claimNumber: `${prefixOf(partner)}-CLM-${year}-${String(number).padStart(4, '0')}`,
        alertDate: new Date(alertDate),
        alertType: kind.alertType,
        description: DESCRIPTIONS[event.type](trigger),
        status: 'prediction',
        assigneeDetails: terms.claimsHandler ?? null,
        brokerAssignee: terms.broker ?? null,
        data: {
          currency: item.payoutCurrency,
          profitMargin: item.profitMargin ?? 0,
          retention: terms.retention,
          applicableLimit: terms.applicableLimit,
        },
        datasets: [
          {
            datasetId: randomUUID(),
            name: CLAIM_DATASETS.prediction,
            access: 'USER',
            step: 'PREDICTION',
            completed: false,
            data: await prefill(item, alertDate),
          },
        ],
        triggerEventId: event.eventId,
        trigger,
        createdAt: now,
        updatedAt: now,
      },
      [
        { at: new Date(alertDate), actor: 'system', kind: 'trigger', details: { ...trigger } },
        { at: now, actor: 'insurer', kind: 'opened', details: {} },
      ],
    );
    if (!alert) return false;
    await notifier.changed(item.userId);
    await notifier.email(
      {
        userId: item.userId,
        partnerId: item.partnerId,
        claimNumber: alert.claimNumber,
        businessName: item.properties.name,
      },
      'opened',
    );
    return true;
  }

  return {
    openClaim,

    /** Reads the feed on from its cursor until it is caught up. */
    async readTriggers(): Promise<number> {
      let opened = 0;
      for (;;) {
        const cursor = await repo.feedCursor(FEED);
        const page = await feed.since(cursor, BATCH);
        for (const event of page.events) {
          try {
            if (await openClaim(event)) opened++;
          } catch (error) {
            // The cursor stays where it was: the next read (a minute on) tries these events
            // again, and the claims already opened are not opened twice (unique per event).
            log.error({ err: error, eventId: event.eventId }, 'trigger event not read');
            throw error;
          }
        }
        await repo.moveFeedCursor(FEED, cursor, page.cursor);
        if (page.events.length < BATCH) return opened;
      }
    },

    /** After a bank connection: the owner's claims waiting for a prediction get it prefilled. */
    async prefillWaiting(owner: Owner): Promise<void> {
      const alerts = await repo.listAlerts(owner.userId, owner.partnerId, { active: true });
      for (const { alert } of alerts) {
        const prediction = predictionOf(alert.datasets);
        if (alert.status !== 'prediction' || !prediction || prediction.completed) continue;
        if (prediction.data.length > 0) continue;
        const item = await repo.findItem(alert.itemId);
        if (!item) continue;
        const rows = await prefill(item, alert.alertDate.toISOString());
        if (rows.length === 0) continue;
        await repo.changeAlert(
          alert.id,
          (locked) => {
            const current = predictionOf(locked.datasets);
            if (!current || current.completed || current.data.length > 0) return { result: null };
            return {
              patch: { datasets: withDataset(locked.datasets, { ...current, data: rows }) },
              result: null,
            };
          },
          clock.now(),
        );
      }
      await notifier.changed(owner.userId);
    },
  };
}
