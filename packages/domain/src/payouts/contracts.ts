import { defineContracts } from '../contract.ts';
import { payoutsRoutes } from './routes.ts';
import { userIdQuerySchema } from '../user-scope.ts';
import {
  paymentListSchema,
  paymentPathSchema,
  paymentRequestSchema,
  paymentResendSchema,
  paymentSchema,
} from './payments.ts';
import {
  payoutConfigSchema,
  payoutMethodCreateSchema,
  payoutMethodListSchema,
  payoutMethodPatchSchema,
  payoutMethodPathSchema,
  payoutMethodSchema,
  payoutWidgetQuerySchema,
  payoutWidgetSchema,
  requiredFieldsPathSchema,
  requiredFieldsQuerySchema,
  requiredFieldsResponseSchema,
} from './schemas.ts';

const PROOF =
  'From a session older than 10 minutes it needs the password (or, with MFA on, the TOTP `code`): 403 RECENT_SIGN_IN_REQUIRED without it, 400 INVALID_PASSWORD / INVALID_MFA_CODE when wrong. The customer is told by email.';

/** Payout methods, the partner's payout service and payments (spec 1 §7 "Payout methods"). */
export const payoutsContracts = defineContracts('payouts', {
  methods: {
    ...payoutsRoutes.methods,
    summary: "The user's payout methods, preferred first; account numbers masked",
    access: 'signedIn',
    owner: { user: 'query.userId' },
    query: userIdQuerySchema,
    responses: { 200: payoutMethodListSchema },
    errors: [400, 401, 404],
  },
  config: {
    ...payoutsRoutes.config,
    summary: "The partner's payout supplier, providers and country",
    access: 'signedIn',
    owner: { user: 'query.userId' },
    query: userIdQuerySchema,
    responses: { 200: payoutConfigSchema },
    errors: [400, 401, 404],
  },
  requiredFields: {
    method: 'GET',
    path: '/platform/payouts/required-fields/{serviceProvider}',
    summary: "A provider's required fields for a currency, or a bank lookup",
    description:
      '`?currency`: the field definitions of the provider (`bank-manual`, `bank-corpay`). `?country&bankSearch` (3 characters or more): the banks of the country whose name, address or routing numbers match, at most 20.',
    access: 'signedIn',
    params: requiredFieldsPathSchema,
    query: requiredFieldsQuerySchema,
    responses: { 200: requiredFieldsResponseSchema },
    errors: [400, 401, 404],
  },
  create: {
    method: 'POST',
    path: payoutsRoutes.methods.path,
    summary: 'Add a payout method for the signed-in user',
    description: `The fields are checked against the provider's definitions for the currency (422 PAYMENT_FIELDS_INVALID with every field flagged) and by the provider (IBAN, BIC, sort code modulus, routing number checksum). The user's first method becomes the preferred one. ${PROOF}`,
    access: 'signedIn',
    limit: 'message',
    body: payoutMethodCreateSchema,
    responses: { 201: payoutMethodSchema },
    errors: [400, 401, 403, 422, 429],
  },
  update: {
    method: 'PATCH',
    path: '/platform/payouts/methods/{id}',
    summary: 'Make a method the preferred one (`preferred: 1`) or change its fields',
    description: `Changed provider fields are checked as when adding, with the details the method holds (the address too, where the provider defines it). The description (100 characters at most, spec 2 §5 address form) changes without proof. Account details do not change while a payment is on its way to them (400 PAYOUT_METHOD_IN_USE). ${PROOF} Another user's method answers 404 PAYMENT_METHOD_NOT_FOUND.`,
    access: 'signedIn',
    limit: 'message',
    owner: { resource: 'payout method' },
    params: payoutMethodPathSchema,
    body: payoutMethodPatchSchema,
    responses: { 200: payoutMethodSchema },
    errors: [400, 401, 403, 404, 422, 429],
  },
  remove: {
    method: 'DELETE',
    path: '/platform/payouts/methods/{id}',
    summary: 'Remove a payout method',
    description:
      'A method a payment is still on its way to answers 400 PAYOUT_METHOD_IN_USE. Removing the preferred method makes the oldest other one preferred.',
    access: 'signedIn',
    limit: 'message',
    owner: { resource: 'payout method' },
    params: payoutMethodPathSchema,
    responses: { 200: payoutMethodListSchema },
    errors: [400, 401, 404, 429],
  },
  widget: {
    method: 'GET',
    path: '/platform/payouts/widget',
    summary: "The payment-rails supplier's page where the user enters bank details",
    description:
      'For partners whose supplier is payment-rails (else 400 PAYOUT_SERVICE_NOT_CONFIGURED). The page, shown in a frame, creates the method and posts `tern:payout-method-created` to the portal window. As adding a method: the holder only (403 ACCOUNT_HOLDER_ONLY), from a sign-in less than 10 minutes old (403 RECENT_SIGN_IN_REQUIRED: sign in again).',
    access: 'signedIn',
    owner: { user: 'query.userId' },
    query: payoutWidgetQuerySchema,
    responses: { 200: payoutWidgetSchema },
    errors: [400, 401, 403, 404],
  },
  payments: {
    method: 'GET',
    path: '/platform/payouts/payments',
    summary: 'Every payment made to the user, newest first, with its status',
    access: 'signedIn',
    owner: { user: 'query.userId' },
    query: userIdQuerySchema,
    responses: { 200: paymentListSchema },
    errors: [400, 401, 404],
  },
  send: {
    method: 'POST',
    path: '/platform/payouts/payments',
    summary: "Pay a user: to the method named, else the user's preferred one",
    description:
      'Queued and sent by a job: requested → sent → settled or failed. The same `idempotencyKey` never pays twice: a repeat answers the first payment, also once its method is gone (409 DUPLICATE_ENTRY when its amount, currency, reason, method or user differ). The method must be paid in `currency` (400 INVALID_PARAMS on currency). 404 USER_NOT_FOUND, 404 PAYMENT_METHOD_NOT_FOUND (also when the user has none). `replacesPaymentId` names a failed payment of the user’s this one pays instead, so the user cannot resend that one too (404 PAYOUT_NOT_FOUND when it is not theirs, 409 PAYMENT_NOT_RESENDABLE when they have resent it or it has not failed).',
    access: 'partner',
    limit: 'money',
    body: paymentRequestSchema,
    responses: { 202: paymentSchema },
    errors: [400, 401, 403, 404, 409, 429],
  },
  resend: {
    method: 'POST',
    path: '/platform/payouts/payments/{paymentId}/resend',
    summary: 'Send a failed payment again, to another payout method of the user',
    description:
      "The same payment (its id, amount, reason and the payer's idempotency key) goes again, queued as a new one is: requested → sent → settled or failed. Once only, and only once it has failed: another call, two at once, or one after the payer paid it with another payment answers 409 PAYMENT_NOT_RESENDABLE. The method must be the user's own (404 PAYMENT_METHOD_NOT_FOUND) and paid in the payment's currency (400 INVALID_PARAMS on payoutMethodId). Another user's payment answers 404 PAYOUT_NOT_FOUND.",
    access: 'signedIn',
    limit: 'money',
    owner: { resource: 'payment' },
    params: paymentPathSchema,
    body: paymentResendSchema,
    responses: { 202: paymentSchema },
    errors: [400, 401, 404, 409, 429],
  },
});
