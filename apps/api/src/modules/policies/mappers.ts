import { ACTIVE_POLICY, type Policy } from '@tern/domain';
import type { PolicyRow } from './repo.ts';

export const toPolicy = (row: PolicyRow): Policy => ({
  externalPolicyNumber: row.externalPolicyNumber,
  product: row.product,
  active: row.active === ACTIVE_POLICY ? 1 : 0,
  policyStart: row.policyStart,
  policyEnd: row.policyEnd,
  maxInsured: row.maxInsured,
});
