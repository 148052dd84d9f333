import {
  AppError,
  CARD_FRAME_TTL_MS,
  MONITORED_DATA_TYPES,
  MONITORED_TYPE_DEFAULTS,
  NO_TOKEN,
  checkMonitoredValue,
  identifierCountry,
  MASK,
  monitoredDisplayValue,
  normalizeIdentifier,
  type MonitoredDataType,
  type MonitoredItem,
  type MonitoredItemRequest,
  type Subscriptions,
} from '@tern/domain';
import type { SQL } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import type { Encryption } from '../../lib/encryption.ts';
import type { Fingerprints } from '../../lib/fingerprints.ts';
import type { CardVaultPort } from '../../providers/card-vault/port.ts';
import type { Owner } from '../../plugins/contracts.ts';
import { partnerConfig, type PartnerRow } from '../partners/index.ts';
import { toMonitoredItem } from './mappers.ts';
import type { MonitoringNotifier } from './notify.ts';
import type { MonitoringRepo } from './repo.ts';

type Monitoring = ReturnType<typeof partnerConfig>['monitoring'];

/** How many items of a type the partner's subscribers may watch. */
const maxAllowedOf = (monitoring: Monitoring, type: MonitoredDataType) =>
  monitoring.maxAllowed[type] ?? MONITORED_TYPE_DEFAULTS[type].maxAllowed;

const itemNotFound = () => new AppError('ITEM_NOT_FOUND', { message: 'No such monitored item' });

/**
 * Monitored items (spec 1 §7, issue 29): the ten types with the partner's limits, adding (the
 * value checked against the partner's countries, kept encrypted and as a keyed hash, answered
 * masked; a card as the vault's token), renaming and deleting, and the card-entry frame.
 */
export function monitoringItems(deps: {
  repo: MonitoringRepo;
  clock: Clock;
  encryption: Encryption;
  fingerprints: Fingerprints;
  cardVault: CardVaultPort;
  notifier: MonitoringNotifier;
  /** Subscribes the user if need be: true when their initial scan is still to run. */
  ensureSubscribed: (owner: Owner) => Promise<boolean>;
  startInitialScan: (owner: Owner) => Promise<void>;
  /** An item's own scan (the `monitoring.scan-item` job), queued in the commit that adds it. */
  scanning: (itemId: string) => SQL;
}) {
  const { repo, clock, encryption, fingerprints, cardVault, notifier } = deps;

  /** What is kept of a card: the vault's hash and last four, once per token. */
  async function cardValue(owner: Owner, token: string) {
    const card = token === NO_TOKEN ? null : await cardVault.redeem(owner.userId, token);
    if (!card)
      throw new AppError('CARD_TOKEN_INVALID', {
        message: 'The card token is unknown, expired or already used',
      });
    return {
      valueFingerprint: card.fingerprint,
      valueEncrypted: null,
      token,
      // The frame's own display value: `**** 4242`.
      displayValue: `${MASK} ${card.last4}`,
      country: null,
    };
  }

  /** What is kept of any other value, once it passes the rules of the partner's countries. */
  function plainValue(
    dataType: MonitoredDataType,
    value: string | undefined,
    monitoring: Monitoring,
  ) {
    const problem = checkMonitoredValue(dataType, value, monitoring.countries);
    if (problem || value === undefined)
      throw new AppError('INVALID_PARAMS', {
        message: `The value is not a valid ${dataType}`,
        field: 'value',
        details: [{ field: 'value', message: problem ?? 'validation.required' }],
      });
    const normalized = normalizeIdentifier(dataType, value, monitoring.countries);
    return {
      valueFingerprint: fingerprints.of(dataType, value, monitoring.countries),
      valueEncrypted: encryption.encrypt(normalized),
      token: null,
      displayValue: monitoredDisplayValue(dataType, normalized),
      country: identifierCountry(dataType, value, monitoring.countries),
    };
  }

  return {
    /** Every one of the ten types with its limit and the user's items of that type. */
    async subscriptions(
      owner: Owner,
      partner: PartnerRow,
      active: boolean | undefined,
    ): Promise<Subscriptions> {
      const { monitoring } = partnerConfig(partner);
      const items = await repo.listItems(owner.userId, owner.partnerId, active);
      const alerts = await repo.alertsOfItems(items.map((i) => i.id));
      const byType = {} as Subscriptions;
      for (const type of MONITORED_DATA_TYPES)
        byType[type] = {
          category: MONITORED_TYPE_DEFAULTS[type].category,
          maxAllowed: maxAllowedOf(monitoring, type),
          items: [],
        };
      for (const item of items)
        byType[item.dataType]?.items.push(
          toMonitoredItem(
            item,
            alerts.filter((a) => a.itemId === item.id),
          ),
        );
      return byType;
    },

    async add(
      owner: Owner,
      partner: PartnerRow,
      dataType: MonitoredDataType,
      body: Omit<MonitoredItemRequest, 'token'> & { token: string },
    ): Promise<MonitoredItem> {
      const { monitoring } = partnerConfig(partner);
      const scanToCome = await deps.ensureSubscribed(owner);
      const kept =
        dataType === 'CARD'
          ? await cardValue(owner, body.token)
          : plainValue(dataType, body.value, monitoring);
      const now = clock.now();
      const row = await repo.insertItem(
        {
          userId: owner.userId,
          partnerId: owner.partnerId,
          dataType,
          friendlyName: body.displayName,
          ...kept,
          createdAt: now,
          updatedAt: now,
        },
        maxAllowedOf(monitoring, dataType),
        // A new subscriber's first scan covers the item; otherwise it is checked on its own.
        scanToCome ? undefined : deps.scanning,
      );
      if (row === 'full')
        throw new AppError('SUBSCRIPTION_FULL', {
          message: `At most ${maxAllowedOf(monitoring, dataType)} items of type ${dataType}`,
        });
      if (row === 'duplicate')
        throw new AppError('DUPLICATE_ENTRY', { message: 'This value is already monitored' });
      if (scanToCome) await deps.startInitialScan(owner);
      await notifier.changed(owner.userId);
      return toMonitoredItem(row, []);
    },

    async rename(owner: Owner, id: string, displayName: string): Promise<MonitoredItem> {
      const row = await repo.renameItem(id, owner.userId, displayName, clock.now());
      if (!row) throw itemNotFound();
      await notifier.changed(owner.userId);
      return toMonitoredItem(row, await repo.alertsOfItems([row.id]));
    },

    async remove(owner: Owner, id: string) {
      const row = await repo.deactivateItem(id, owner.userId, clock.now());
      if (!row) throw itemNotFound();
      await notifier.changed(owner.userId);
      return { id: row.id, deleted: true as const };
    },

    /** A card-entry frame for the user, to be framed by one of the partner's own portals. */
    async cardFrame(owner: Owner, partner: PartnerRow, body: { origin: string; css: string }) {
      const origin = new URL(body.origin).origin;
      if (!partner.origins.some((o) => o.toLowerCase() === origin.toLowerCase()))
        throw new AppError('ORIGIN_NOT_ALLOWED', {
          message: 'The frame can only be placed on the partner’s own portal',
        });
      const expiresAt = new Date(clock.now().getTime() + CARD_FRAME_TTL_MS);
      const { url } = await cardVault.frameUrl({
        userId: owner.userId,
        origin,
        css: body.css,
        expiresAt,
      });
      return { url, expiresAt: expiresAt.toISOString() };
    },
  };
}
export type MonitoringItems = ReturnType<typeof monitoringItems>;
