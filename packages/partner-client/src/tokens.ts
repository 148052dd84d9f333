import { SignJWT } from 'jose';
import type { components } from './schema.d.ts';

/**
 * The tokens a partner's back end signs for its customer (docs/adr/0003-sso-tokens.md): an
 * HS256 JWT with one of the partner's server secrets as the HMAC key, header `kid` naming it;
 * `iss` the partner id; `sub` the partner's id for its customer; `email`, `given_name`,
 * `family_name`, optional `phone_number` (E.164) and `locale`; a fresh `jti` (each token is
 * used once); `iat`, and `exp` at most `TOKEN_MAX_LIFETIME_S` later. Tern checks every one of
 * these, with 30 s of clock difference tolerated. Sign on your server only: the secret must
 * never reach a browser.
 */

/** The longest a token may live from its issue time: Tern refuses one that lives longer. */
export const TOKEN_MAX_LIFETIME_S = 5 * 60;

export interface PartnerTokenOptions {
  /** Your partner id: the token's issuer. */
  partnerId: string;
  /** One of your server secrets, and its id (`kid`). */
  secret: string;
  kid: string;
  /** Your id for the customer (`sub`): Tern finds their account by it. */
  customer: string;
  email: string;
  first: string;
  last: string;
  /** E.164, `+14165550123`. */
  phone?: string | undefined;
  /** `fr-CA`, `fr_CA` or `fr`. */
  locale?: string | undefined;
  /** Seconds; at most `TOKEN_MAX_LIFETIME_S` (the default). */
  ttlSeconds?: number;
  /** The issue time; now by default. */
  now?: Date;
  /** Overrides, for showing what Tern refuses (tests). */
  issuer?: string;
  jti?: string;
}

/**
 * A widget panel a token may open, as the widget session contract names them (`dashboard`,
 * `account`, `insurance`, `luggage`, `passengers`, `payoutmethods`); any string until the
 * partner API has that contract.
 */
export type WidgetPanel = components['schemas'] extends {
  WidgetSession: { panels: (infer Panel)[] };
}
  ? Panel
  : string;

export interface WidgetTokenOptions extends PartnerTokenOptions {
  /**
   * The exact origin of your page that will embed the widget (`https://shop.example`: scheme,
   * host and port, no path), one of the embedding origins Tern has for you: the token's
   * audience. The widget refuses the token on any other page.
   */
  origin: string;
  /** The panels the session may open; all the customer may see by default. */
  panels?: readonly WidgetPanel[];
}

/**
 * Any partner token: `audience` says what it is for — your partner id for single sign-on, the
 * embedding page's origin for the widget (which may name its `panels`). The two below are the
 * ones to use; this one is for tools that mint either (Tern's CLIs, the demo shop, tests).
 */
export async function mintPartnerToken(
  options: PartnerTokenOptions & { audience: string; panels?: readonly string[] | undefined },
): Promise<string> {
  const { audience, panels } = options;
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return new SignJWT({
    email: options.email,
    given_name: options.first,
    family_name: options.last,
    ...(options.phone ? { phone_number: options.phone } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
    ...(panels ? { panels: [...panels] } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', kid: options.kid, typ: 'JWT' })
    .setSubject(options.customer)
    .setIssuer(options.issuer ?? options.partnerId)
    .setAudience(audience)
    .setJti(options.jti ?? crypto.randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.ttlSeconds ?? TOKEN_MAX_LIFETIME_S))
    .sign(new TextEncoder().encode(options.secret));
}

/**
 * A single sign-on token (`aud` your partner id): the portal's SSO page, or
 * `GET /api/v1/platform/user/sso/{token}`, signs the customer in with it.
 */
export const mintSsoToken = (
  options: PartnerTokenOptions & {
    /** Override, for showing what Tern refuses (tests). */
    audience?: string;
  },
): Promise<string> =>
  mintPartnerToken({
    ...options,
    audience: options.audience ?? options.partnerId,
    panels: undefined,
  });

/**
 * A widget token (`aud` the embedding page's origin): the embed script hands it to the
 * widget, which exchanges it once for a session (`POST /api/v1/platform/widget/sessions`).
 */
export const mintWidgetToken = (options: WidgetTokenOptions): Promise<string> =>
  mintPartnerToken({ ...options, audience: options.origin });
