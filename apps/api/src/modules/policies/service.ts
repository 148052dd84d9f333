import {
  AppError,
  policyClaimError,
  policyUsedError,
  type PartnerPolicyPatch,
  type PartnerPolicyRequest,
  type Policy,
} from '@tern/domain';
import { isCheckViolation } from '../../db/unique-violation.ts';
import { isoDay, type Clock } from '../../lib/clock.ts';
import type { LiveEvents } from '../../live/events.ts';
import type { Owner } from '../../plugins/contracts.ts';
import { MINUTE_MS, type Limit, type Throttle } from '../accounts/index.ts';
import { toPolicy } from './mappers.ts';
import type { PoliciesRepo, PolicyRow } from './repo.ts';

const notFound = (number: string) =>
  new AppError('POLICY_NOT_FOUND', { message: `No policy ${number}` });

const endsBeforeStart = () =>
  new AppError('VALIDATION_FAILED', {
    message: 'A policy cannot end before it starts',
    field: 'policyEnd',
    details: [{ field: 'policyEnd', message: 'validation.end_before_start' }],
  });

/** The dataset a user's open pages refresh when one of their policies changes. */
const POLICIES = 'POLICIES';

/**
 * Numbers a user may try to add in 15 minutes: the answers tell an unknown number from a
 * used one, so guessing is kept slow.
 */
const POLICY_CLAIMS_PER_USER: Limit = { limit: 10, windowMs: 15 * MINUTE_MS };

export function policiesService(deps: {
  repo: PoliciesRepo;
  clock: Clock;
  live: LiveEvents;
  throttle: Pick<Throttle, 'consume'>;
}) {
  const { repo, clock, live, throttle } = deps;
  const today = () => isoDay(clock.now());

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
      await throttle.consume('policy-claim', owner.userId, POLICY_CLAIMS_PER_USER);
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
      if (end !== null && end < start) throw endsBeforeStart();
      const terms = { ...patch, ...(patch.product ? { product: patch.product.trim() } : {}) };
      try {
        const row = await repo.update(partnerId, number, terms);
        if (!row) throw notFound(number);
        return await changed(row);
      } catch (error) {
        // Another change to the other date landed in between (the table's check).
        if (isCheckViolation(error)) throw endsBeforeStart();
        throw error;
      }
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
