import type { InsuredItem, ItemAlert } from '@tern/domain';
import type { Owner } from '../../plugins/contracts.ts';
import { toInsuredItem, toItemAlert } from './mappers.ts';
import type { ItemAlertFilter, ClaimsRepo } from './repo.ts';

/**
 * Insured items and their claims. Any partner's users may have items (parametric premises or
 * flight cover), so these answer every configuration: a user with none gets an empty list.
 */
export function claimsService(deps: { repo: ClaimsRepo }) {
  const { repo } = deps;
  return {
    async listItems(owner: Owner): Promise<InsuredItem[]> {
      const rows = await repo.listItems(owner.userId, owner.partnerId);
      const permissions = await repo.permissionsOf(rows.map((r) => r.id));
      return rows.map((row) =>
        toInsuredItem(
          row,
          permissions.filter((p) => p.itemId === row.id),
        ),
      );
    },

    /**
     * The user's claims. Filtering by another user's item or alert id finds nothing, so it
     * answers an empty list like any filter that matches nothing, revealing nothing.
     */
    async listAlerts(owner: Owner, filter: ItemAlertFilter): Promise<ItemAlert[]> {
      const rows = await repo.listAlerts(owner.userId, owner.partnerId, filter);
      return rows.map(toItemAlert);
    },
  };
}
export type ClaimsService = ReturnType<typeof claimsService>;
