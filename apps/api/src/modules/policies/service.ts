import type { Policy } from '@tern/domain';
import type { Owner } from '../../plugins/contracts.ts';
import { toPolicy } from './mappers.ts';
import type { PoliciesRepo } from './repo.ts';

export function policiesService(deps: { repo: PoliciesRepo }) {
  return {
    /** Spec 1 §7: active policies only, open-ended first, then by end date descending. */
    async listForUser(owner: Owner): Promise<Policy[]> {
      return (await deps.repo.activeForUser(owner)).map(toPolicy);
    },
  };
}
export type PoliciesService = ReturnType<typeof policiesService>;
