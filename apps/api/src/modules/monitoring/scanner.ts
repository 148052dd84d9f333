import {
  PARTNER_ACTIONS,
  actionPlan,
  alertSeverity,
  type Breach,
  type PartnerAction,
} from '@tern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Encryption } from '../../lib/encryption.ts';
import type { Fingerprints } from '../../lib/fingerprints.ts';
import type { BreachSourcePort, SourceRecord } from '../../providers/breaches/port.ts';
import { partnerConfig, type PartnerEvents, type PartnerRow } from '../partners/index.ts';
import type { MonitoringNotifier } from './notify.ts';
import type { BreachRow, MonitoredItemRow, MonitoringRepo } from './repo.ts';

/** The breach source's name in the cursor table. */
const FEED = 'breaches';
const BREACH_PAGE = 50;
/** Records matched per query: one indexed lookup of this many fingerprints. */
const RECORD_PAGE = 5_000;
const ITEM_PAGE = 500;

/**
 * Matching monitored items with breaches (issue 29): a new breach against every item (by keyed
 * hash over its records, or by looking each item up again where the source gives no records),
 * and a new item or subscriber against the breaches the source knows. One alert per item and
 * breach — the database refuses a second, so readers on several instances raise it once — and
 * the subscriber hears of each new one at once and by email.
 */
export function monitoringScanner(deps: {
  repo: MonitoringRepo;
  source: BreachSourcePort;
  fingerprints: Fingerprints;
  encryption: Encryption;
  clock: Clock;
  notifier: MonitoringNotifier;
  /** A new alert is the partner's `monitoring.alert_raised`, in the alert's transaction. */
  events: PartnerEvents;
  partnerById: (id: string) => Promise<PartnerRow | undefined>;
  log: FastifyBaseLogger;
}) {
  const { repo, source, fingerprints, encryption, clock, notifier } = deps;

  /** Raises the alert of an item found in a breach; true when it is new. */
  async function raise(item: MonitoredItemRow, breach: BreachRow): Promise<boolean> {
    const partner = await deps.partnerById(item.partnerId);
    const { monitoring } = partnerConfig(partner!);
    const severity = alertSeverity(item.dataType, breach);
    const steps = actionPlan(item.dataType, item.country, {
      dataClasses: breach.dataClasses,
      cardReissue: monitoring.cardReissue,
      countries: monitoring.countries,
    });
    const alert = await repo.raiseAlert(
      {
        itemId: item.id,
        userId: item.userId,
        breachName: breach.name,
        title: breach.title,
        description: breach.description,
        source: breach.domain || breach.title,
        breachDate: breach.breachDate,
        severityLevel: severity.level,
        severityScore: severity.score,
        severityReasons: severity.reasons,
        detectedOn: clock.now(),
      },
      steps.map((actionItem) => ({
        actionItem,
        partnerAction: (PARTNER_ACTIONS as readonly string[]).includes(actionItem)
          ? (actionItem as PartnerAction)
          : null,
      })),
      (tx, row) =>
        deps.events.emit(
          {
            partnerId: item.partnerId,
            type: 'monitoring.alert_raised',
            data: {
              alertId: row.id,
              itemId: item.id,
              userId: item.userId,
              dataType: item.dataType,
              breachName: breach.name,
              severityLevel: severity.level,
            },
          },
          tx,
        ),
    );
    if (!alert) return false;
    await notifier.alertRaised({
      userId: item.userId,
      friendlyName: item.friendlyName,
      displayValue: item.displayValue,
      breachTitle: breach.title,
    });
    return true;
  }

  /** The breaches the source knows an item to be in. */
  async function breachesOf(item: MonitoredItemRow): Promise<Breach[]> {
    if (!source.lookupTypes.includes(item.dataType)) return [];
    if (item.valueEncrypted)
      return source.lookup(item.dataType, encryption.decrypt(item.valueEncrypted));
    // A card's number is kept nowhere: only a source matching by the same keyed hash finds it.
    return source.lookupFingerprint?.(item.dataType, item.valueFingerprint) ?? [];
  }

  /** Matches one page of a breach's records with the items watching them. */
  async function matchRecords(records: SourceRecord[], breach: BreachRow, touched: Set<string>) {
    const byType = new Map<SourceRecord['dataType'], string[]>();
    for (const record of records) {
      const list = byType.get(record.dataType) ?? [];
      list.push(
        'fingerprint' in record
          ? record.fingerprint
          : fingerprints.of(record.dataType, record.value),
      );
      byType.set(record.dataType, list);
    }
    let raised = 0;
    for (const [dataType, hashes] of byType)
      for (const item of await repo.itemsByFingerprints(dataType, hashes))
        if (await raise(item, breach)) {
          raised++;
          touched.add(item.userId);
        }
    return raised;
  }

  /** A new (or grown) breach against every monitored item. */
  async function matchBreach(breach: Breach, touched: Set<string>): Promise<number> {
    const row = await repo.saveBreach(breach, clock.now());
    let raised = 0;
    if (source.hasRecords) {
      let cursor: string | null = null;
      do {
        const page = await source.records(breach.name, cursor, RECORD_PAGE);
        raised += await matchRecords(page.records, row, touched);
        cursor = page.cursor;
      } while (cursor);
      return raised;
    }
    // No records (Have I Been Pwned): every item the source can look up is asked again.
    let after: string | null = null;
    for (;;) {
      const items = await repo.activeItemsOfTypes(source.lookupTypes, after, ITEM_PAGE);
      for (const item of items)
        if (
          (await breachesOf(item)).some((b) => b.name === breach.name) &&
          (await raise(item, row))
        ) {
          raised++;
          touched.add(item.userId);
        }
      if (items.length < ITEM_PAGE) return raised;
      after = items.at(-1)!.id;
    }
  }

  /** An item against the breaches the source knows: the alerts raised. */
  async function scanOne(item: MonitoredItemRow): Promise<number> {
    let raised = 0;
    for (const breach of await breachesOf(item))
      if (await raise(item, await repo.saveBreach(breach, clock.now()))) raised++;
    return raised;
  }

  return {
    matchBreach,

    /** Reads the source on from its cursor until caught up; the alerts raised. */
    async readBreaches(): Promise<number> {
      let raised = 0;
      const touched = new Set<string>();
      try {
        for (;;) {
          const { cursor, version } = await repo.feedCursor(FEED);
          const page = await source.since(cursor, BREACH_PAGE);
          for (const breach of page.breaches) raised += await matchBreach(breach, touched);
          // Another reader moved on meanwhile: what it read is matched (alerts are once each).
          if (!(await repo.moveFeedCursor(FEED, version, page.cursor))) break;
          if (page.breaches.length < BREACH_PAGE) break;
        }
      } finally {
        for (const userId of touched) await notifier.changed(userId);
      }
      return raised;
    },

    /** A new item against the known breaches. */
    async scanItem(itemId: string): Promise<void> {
      const item = await repo.findItem(itemId);
      if (!item) return;
      if ((await scanOne(item)) > 0) await notifier.changed(item.userId);
    },

    /** The first scan of a subscriber's items, its progress kept for the INITIAL_SCAN card. */
    async scanSubscriber(userId: string): Promise<void> {
      const subscriber = await repo.findSubscriber(userId);
      if (!subscriber || subscriber.initialScanStatus === 'complete') return;
      const items = await repo.listItems(userId, subscriber.partnerId, true);
      const breachesChecked = await repo.countBreaches();
      await repo.startScan(userId, items.length, clock.now());
      await notifier.changed(userId);
      let alertsFound = 0;
      let itemsScanned = 0;
      for (const item of items) {
        alertsFound += await scanOne(item);
        itemsScanned++;
        await repo.scanProgress(userId, { itemsScanned, alertsFound, breachesChecked });
        await notifier.changed(userId);
      }
      await repo.completeScan(userId, clock.now());
      await notifier.changed(userId);
    },
  };
}
