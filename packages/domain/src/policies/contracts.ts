import { defineContracts } from '../contract.ts';
import { policiesRoutes } from './routes.ts';
import { partnerPathSchema } from '../partners/index.ts';
import { userPathSchema } from '../user-scope.ts';
import {
  partnerPolicyPatchSchema,
  partnerPolicyPathSchema,
  partnerPolicyRequestSchema,
  policyListSchema,
  policySchema,
  userPolicyPathSchema,
} from './schemas.ts';

/**
 * A user's policies and the partner's policy book (spec 1 §7 "Policies"). The partner-level
 * calls are for the partner's back end and its staff, never a customer's own session.
 */
export const policiesContracts = defineContracts('policies', {
  list: {
    ...policiesRoutes.list,
    summary: "The user's active policies, open-ended first, then latest end date first",
    access: 'signedIn',
    owner: { user: 'params.id' },
    params: userPathSchema,
    responses: { 200: policyListSchema },
    errors: [400, 401, 404],
  },
  attach: {
    method: 'PUT',
    path: '/platform/users/{id}/policies/{policyNumber}',
    summary: "Add one of the partner's policies to the account, by its number",
    description:
      'The policy must exist (404 POLICY_NOT_FOUND), be active and not ended (400 EXPIRED_OR_INACTIVE) and serve no other account (400 POLICY_TOO_MANY_USES). Adding one the account already has answers it again. 10 numbers per user in 15 minutes.',
    access: 'signedIn',
    owner: { user: 'params.id' },
    params: userPolicyPathSchema,
    responses: { 200: policySchema },
    errors: [400, 401, 404, 429],
  },
  save: {
    method: 'PUT',
    path: '/platform/partners/{partnerId}/policies',
    summary: 'Create a policy the partner sold, or replace the terms of one by its number',
    access: 'partner',
    owner: { partner: 'params.partnerId' },
    params: partnerPathSchema,
    body: partnerPolicyRequestSchema,
    responses: { 200: policySchema },
    errors: [400, 401, 403, 404],
  },
  update: {
    method: 'PATCH',
    path: '/platform/partners/{partnerId}/policies/{policyNumber}',
    summary: "Change a policy's product, dates, people covered or active flag",
    access: 'partner',
    owner: { partner: 'params.partnerId' },
    params: partnerPolicyPathSchema,
    body: partnerPolicyPatchSchema,
    responses: { 200: policySchema },
    errors: [400, 401, 403, 404],
  },
  cancel: {
    method: 'DELETE',
    path: '/platform/partners/{partnerId}/policies/{policyNumber}',
    summary: 'Cancel a policy: it stays on record, inactive, and leaves its account’s list',
    access: 'partner',
    owner: { partner: 'params.partnerId' },
    params: partnerPolicyPathSchema,
    responses: { 200: policySchema },
    errors: [400, 401, 403, 404],
  },
});
