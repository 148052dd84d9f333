import { defineContracts } from '../contract.ts';
import { userPathSchema } from '../user-scope.ts';
import { policyListSchema } from './schemas.ts';

/** A user's policies (spec 1 §7 "Policies"). */
export const policiesContracts = defineContracts('policies', {
  list: {
    method: 'GET',
    path: '/platform/users/{id}/policies',
    summary: "The user's active policies, open-ended first, then latest end date first",
    access: 'signedIn',
    owner: { user: 'params.id' },
    params: userPathSchema,
    responses: { 200: policyListSchema },
    errors: [400, 401, 404],
  },
});
