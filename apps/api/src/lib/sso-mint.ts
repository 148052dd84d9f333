import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { SSO_MAX_LIFETIME_S } from '../modules/accounts/limits.ts';

/**
 * What a partner's back end does to sign a customer in (ADR 0003): an HS256 JWT with the
 * server secret as the HMAC key, `kid` naming it, iss and aud the partner id, a fresh jti and
 * a lifetime of at most 5 minutes. Used by `npm run sso:token` and the tests.
 */
export async function mintSsoToken(options: {
  partnerId: string;
  secret: string;
  kid: string;
  customer: string;
  email: string;
  first: string;
  last: string;
  phone?: string | undefined;
  locale?: string | undefined;
  ttlSeconds?: number;
  now?: Date;
  /** Overrides, for showing what the API refuses. */
  audience?: string;
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
  })
    .setProtectedHeader({ alg: 'HS256', kid: options.kid, typ: 'JWT' })
    .setSubject(options.customer)
    .setIssuer(options.issuer ?? options.partnerId)
    .setAudience(options.audience ?? options.partnerId)
    .setJti(options.jti ?? randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.ttlSeconds ?? SSO_MAX_LIFETIME_S))
    .sign(new TextEncoder().encode(options.secret));
}
