import {
  AppError,
  policyClaimError,
  policyUsedError,
  type PartnerPolicyPatch,
  type PartnerPolicyRequest,
  type Policy,
} from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import type { LiveEvents } from '../../live/events.ts';
import type { Owner } from '../../plugins/contracts.ts';
import { toPolicy } from './mappers.ts';
import type { PoliciesRepo, PolicyRow } from './repo.ts';

const notFound = (number: string) =>
  new AppError('POLICY_NOT_FOUND', { message: `No policy ${number}` });

/** The dataset a user's open pages refresh when one of their policies changes. */
const POLICIES = 'POLICIES';

export function policiesService(deps: { repo: PoliciesRepo; clock: Clock; live: LiveEvents }) {
  const { repo, clock, live } = deps;
  const today = () => clock.now().toISOString().slice(0, 10);

  /** The account a changed policy serves sees it change on its open pages. */
  async function changed(row: PolicyRow): Promise<Policy> {
    if (row.userId) await live.publish(row.userId, [POLICIES]);
    return toPolicy(row);
  }

  return {
    /** Spec 1 §7: active policies only, open-ended first, then by end date descending. */
    async listForUser(owner: Owner): Promise<Policy[]> {
      return (await repo.activeForUser(owner)).map(toPolicy);
    },

    /** Adds a policy of the partner to the account by its number, under registration's rules. */
    async attach(owner: Owner, number: string): Promise<Policy> {
      const claimed = await repo.claim(owner, number, today());
      if (claimed) return changed(claimed);
      const policy = await repo.findByNumber(owner.partnerId, number);
      // Refused by the conditional write: say why; with nothing to say it lost a race.
      throw (
        policyClaimError(
          policy && { ...policy, linked: policy.userId !== null && policy.userId !== owner.userId },
          today(),
        ) ?? policyUsedError()
      );
    },

    /** The partner's back end or staff create a policy or replace its terms (PUT). */
    async save(partnerId: string, request: PartnerPolicyRequest): Promise<Policy> {
      return changed(
        await repo.save({
          partnerId,
          externalPolicyNumber: request.externalPolicyNumber,
          product: request.product.trim(),
          policyStart: request.policyStart,
          policyEnd: request.policyEnd ?? null,
          maxInsured: request.maxInsured,
          active: request.active ?? 1,
        }),
      );
    },

    /** Changes some terms; the dates still may not cross (checked against the stored ones). */
    async update(partnerId: string, number: string, patch: PartnerPolicyPatch): Promise<Policy> {
      const current = await repo.findByNumber(partnerId, number);
      if (!current) throw notFound(number);
      const start = patch.policyStart ?? current.policyStart;
      const end = patch.policyEnd === undefined ? current.policyEnd : patch.policyEnd;
      if (end !== null && end < start)
        throw new AppError('VALIDATION_FAILED', {
          message: 'A policy cannot end before it starts',
          field: 'policyEnd',
          details: [{ field: 'policyEnd', message: 'validation.end_before_start' }],
        });
      const terms = { ...patch, ...(patch.product ? { product: patch.product.trim() } : {}) };
      const row = await repo.update(partnerId, number, terms);
      if (!row) throw notFound(number);
      return changed(row);
    },

    /** Cancels a policy: kept on record, inactive, gone from its account's list. */
    async cancel(partnerId: string, number: string): Promise<Policy> {
      const row = await repo.update(partnerId, number, { active: 0 });
      if (!row) throw notFound(number);
      return changed(row);
    },
  };
}
export type PoliciesService = ReturnType<typeof policiesService>;
