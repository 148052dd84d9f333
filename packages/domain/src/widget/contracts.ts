import { defineContracts } from '../contract.ts';
import { partnerPathSchema } from '../partners/index.ts';
import { MAX_EMBEDDING_ORIGINS } from '../rules/origin.ts';
import {
  embeddingOriginsSchema,
  widgetSessionRequestSchema,
  widgetSessionSchema,
} from './schemas.ts';

/** Who may manage a partner's embedding origins: its back end, or an ADMIN of its staff. */
const originsAccess = {
  access: 'partner',
  adminOnly: true,
  owner: { partner: 'params.partnerId' },
} as const;

/** The embeddable widget (spec 2 §2.1, §7 "Widget login with access token"; issue 30). */
export const widgetContracts = defineContracts('widget', {
  session: {
    method: 'POST',
    path: '/platform/widget/sessions',
    summary: 'Open a widget session with a widget token from the partner’s back end',
    description:
      "The token is an HS256 JWT signed with one of the partner's server secrets (header kid naming it): iss the partner id, aud the exact origin of the partner page that frames the panel (one of the partner's embedding origins), sub the partner's customer id, email, given_name, family_name, optional panels; lifetime at most 5 minutes; single use (jti). A reused, expired, altered or other partner's token answers 401. See docs/adr/0003-sso-tokens.md.",
    access: 'apiKey',
    // In the partner API document: partners' developers meet it with their widget tokens.
    audience: 'partner',
    body: widgetSessionRequestSchema,
    responses: { 201: widgetSessionSchema },
    errors: [400, 401, 429],
  },
  origins: {
    method: 'GET',
    path: '/platform/partners/{partnerId}/widget/origins',
    summary: "The partner's embedding origins: its pages that may frame the widget's panels",
    description:
      "The same list drives the panels' frame-ancestors, the origins postMessage talks to and a widget token's audience. The full portal is never framed by anyone.",
    ...originsAccess,
    params: partnerPathSchema,
    responses: { 200: embeddingOriginsSchema },
    errors: [400, 401, 403, 404],
  },
  setOrigins: {
    method: 'PUT',
    path: '/platform/partners/{partnerId}/widget/origins',
    summary: "Replace the partner's embedding origins",
    description: `Each an exact origin (scheme://host[:port], lower case), at most ${MAX_EMBEDDING_ORIGINS}; https only in production (400 EMBEDDING_ORIGIN_INSECURE on origins). Each instance of the API reads the partner's configuration anew within 30 seconds.`,
    ...originsAccess,
    params: partnerPathSchema,
    body: embeddingOriginsSchema,
    responses: { 200: embeddingOriginsSchema },
    errors: [400, 401, 403, 404],
  },
});
