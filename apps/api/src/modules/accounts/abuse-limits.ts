import type { FastifyRequest } from 'fastify';
import type { AbuseClass, Access } from '@tern/domain';
import { clientKey } from '../../lib/client-address.ts';
import { ABUSE_LIMITS, type Limit } from './limits.ts';
import type { Throttle } from './throttle.ts';

/**
 * The step every call of an abuse class takes after its session (`ContractDef.limit`): one
 * more in the class's window of whoever calls, 429 RATE_LIMITED with Retry-After past it.
 * The signed-in user counts (also through an agent acting for them, or a staff member on a
 * partner call), else the partner's back end, else the client address: never an account
 * someone else names, so nobody spends an owner's allowance but the owner.
 */
export function abuseLimits(deps: { throttle: Throttle; scale: number }) {
  const { throttle, scale } = deps;
  const scaled = (rule: Limit) => scaledLimit(rule, scale);

  return (request: FastifyRequest, contract: { limit: AbuseClass; access: Access }) => {
    const rules = ABUSE_LIMITS[contract.limit];
    const bucket = `abuse:${contract.limit}`;
    // Set on every signed-in call; on a partner call, null when its back end calls.
    const caller =
      contract.access === 'apiKey' || contract.access === 'signedLink' ? null : request.caller;
    if (caller) return throttle.consume(bucket, `user:${caller.userId}`, scaled(rules.perUser));
    if (contract.access === 'partner')
      return throttle.consume(bucket, `partner:${request.partner.id}`, scaled(rules.perPartner));
    return throttle.consume(bucket, `address:${clientKey(request.ip)}`, scaled(rules.perAddress));
  };
}
/** A limit under `ABUSE_LIMIT_SCALE`: at least one call a window. */
export const scaledLimit = (rule: Limit, scale: number): Limit => ({
  limit: Math.max(1, Math.round(rule.limit * scale)),
  windowMs: rule.windowMs,
});
