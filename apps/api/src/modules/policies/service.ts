import type { Policy } from '@tern/domain';
import { toPolicy } from './mappers.ts';
import type { PoliciesRepo } from './repo.ts';

export function policiesService(deps: { repo: PoliciesRepo }) {
  return {
    /** Spec 1 §7: active policies only, open-ended first, then by end date descending. */
    async listForUser(userId: string): Promise<Policy[]> {
      return (await deps.repo.activeForUser(userId)).map(toPolicy);
    },
  };
}
export type PoliciesService = ReturnType<typeof policiesService>;
