import { defineContracts } from '../contract.ts';
import { widgetSessionRequestSchema, widgetSessionSchema } from './schemas.ts';

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
});
