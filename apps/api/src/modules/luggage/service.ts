import type { LostBag } from '@tern/domain';
import type { Owner } from '../../plugins/contracts.ts';
import { toLostBag } from './mappers.ts';
import type { LuggageRepo } from './repo.ts';

/** Lost-bag reports. Any configuration's users may have them: none gives an empty list. */
export function luggageService(deps: { repo: LuggageRepo }) {
  const { repo } = deps;
  return {
    async listBags(owner: Owner): Promise<LostBag[]> {
      const bags = await repo.listBags(owner.userId, owner.partnerId);
      const attachments = await repo.attachmentsOf(bags.map((b) => b.id));
      return bags.map((bag) =>
        toLostBag(
          bag,
          attachments.filter((a) => a.bagId === bag.id),
        ),
      );
    },
  };
}
export type LuggageService = ReturnType<typeof luggageService>;
