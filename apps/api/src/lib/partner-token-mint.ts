import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

/**
 * What a partner's back end does to vouch for its customer (ADR 0003): an HS256 JWT with the
 * server secret as the HMAC key, `kid` naming it, iss the partner id, a fresh jti and a
 * lifetime of at most 5 minutes. The audience says what it is for: the partner id for single
 * sign-on, the origin of the page that frames the panels for the widget (which may name its
 * `panels`). Used by `npm run sso:token`, `npm run widget:token`, the demo shop and the tests.
 */
export async function mintPartnerToken(options: {
  partnerId: string;
  secret: string;
  kid: string;
  /** The partner id (single sign-on) or an embedding origin (the widget). */
  audience: string;
  customer: string;
  email: string;
  first: string;
  last: string;
  phone?: string | undefined;
  locale?: string | undefined;
  /** The widget's panels the token opens (none named: every panel). */
  panels?: readonly string[] | undefined;
  ttlSeconds: number;
  now?: Date;
  /** Overrides, for showing what the API refuses. */
  issuer?: string;
  jti?: string;
}): Promise<string> {
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return new SignJWT({
    email: options.email,
    given_name: options.first,
    family_name: options.last,
    ...(options.phone ? { phone_number: options.phone } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.panels ? { panels: [...options.panels] } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', kid: options.kid, typ: 'JWT' })
    .setSubject(options.customer)
    .setIssuer(options.issuer ?? options.partnerId)
    .setAudience(options.audience)
    .setJti(options.jti ?? randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + options.ttlSeconds)
    .sign(new TextEncoder().encode(options.secret));
}
