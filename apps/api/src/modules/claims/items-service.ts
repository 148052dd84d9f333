import {
  AppError,
  type BusinessItemsTransaction,
  type InsuredItem,
  type ItemPatch,
} from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import type { LiveEvents } from '../../live/events.ts';
import type { Owner } from '../../plugins/contracts.ts';
import { partnerConfig, type PartnerRow } from '../partners/index.ts';
import { isLive, toInsuredItem } from './mappers.ts';
import type { ClaimsRepo } from './repo.ts';

/** What a change to items or their permissions asks open pages to read again. */
const ITEM_KEYS = ['ITEMS', 'claims.items'] as const;

const itemNotFound = (itemId: string) =>
  new AppError('ITEM_NOT_FOUND', { message: `No insured item ${itemId}` });

/**
 * Insured items (spec 2 §7): the businesses a parametric policyholder covers, with the
 * permissions their cover depends on. BANKING is granted while the customer's open-banking
 * consent is live, so a lapsed consent shows as not connected without anyone writing it.
 */
export function itemsService(deps: { repo: ClaimsRepo; clock: Clock; live: LiveEvents }) {
  const { repo, clock, live } = deps;

  async function listItems(owner: Owner): Promise<InsuredItem[]> {
    const [rows, consent] = await Promise.all([
      repo.listItems(owner.userId, owner.partnerId),
      repo.grantedConsentOf(owner.userId, owner.partnerId),
    ]);
    const permissions = await repo.permissionsOf(rows.map((r) => r.id));
    const now = clock.now();
    return rows.map((row) =>
      toInsuredItem(
        row,
        permissions.filter((p) => p.itemId === row.id),
        consent,
        now,
      ),
    );
  }

  async function changed(owner: Owner): Promise<InsuredItem[]> {
    await live.publish(owner.userId, ITEM_KEYS);
    return listItems(owner);
  }

  return {
    listItems,
    changed,

    /** The parametric proposition's purchase: each business insured, needing BANKING. */
    async buyItems(owner: Owner, partner: PartnerRow, order: BusinessItemsTransaction) {
      const now = clock.now();
      const consent = await repo.grantedConsentOf(owner.userId, owner.partnerId);
      const banking = isLive(consent, now);
      await repo.insertItems(
        order.items.map((item) => ({
          userId: owner.userId,
          partnerId: owner.partnerId,
          itemTypeId: item.itemTypeId,
          externalPolicyNumber: order.externalPolicyNumber,
          propositionId: order.propositionId,
          tag: order.tag,
          properties: item.properties,
          profitMargin: item.profitMargin,
          payoutCurrency: partnerConfig(partner).payouts.country.currency,
          createdAt: now,
          updatedAt: now,
        })),
        (item) => [
          {
            itemId: item.id,
            permission: 'BANKING',
            required: true,
            granted: banking,
            grantedAt: banking ? now : null,
          },
        ],
      );
      return changed(owner);
    },

    /** Corrects a business's name or address (other properties stay as insured). */
    async updateItem(owner: Owner, itemId: string, patch: ItemPatch) {
      const item = await repo.findItem(itemId, owner);
      if (!item) throw itemNotFound(itemId);
      const properties = { ...item.properties, ...patch.properties };
      await repo.updateItem(itemId, { properties }, clock.now());
      return changed(owner);
    },

    /** Cancels an item's cover: it leaves the list; its claims stay on record. */
    async removeItem(owner: Owner, itemId: string) {
      const item = await repo.findItem(itemId, owner);
      if (!item) throw itemNotFound(itemId);
      await repo.updateItem(itemId, { active: false }, clock.now());
      await live.publish(owner.userId, ['ITEM_ALERTS', 'claims.alerts']);
      return changed(owner);
    },
  };
}
export type ItemsService = ReturnType<typeof itemsService>;
