import {
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTPayload,
  type ProtectedHeaderParameters,
} from 'jose';
import { z } from 'zod';
import {
  AppError,
  TEXT_MAX_LENGTH,
  checkEmail,
  cleanPhone,
  isCustomerOnly,
  isValidInternationalPhone,
  normalizeLocale,
  normalizeEmail,
  unstorableTextPath,
} from '@tern/domain';
import type { Clock } from '../../../lib/clock.ts';
import type { Encryption } from '../../../lib/encryption.ts';
import { partnerConfig, type PartnerRow, type PartnersService } from '../../partners/index.ts';
import { SSO_CLOCK_TOLERANCE_S } from '../limits.ts';
import { defaultComms } from '../mappers.ts';
import type { UsedTokensRepo } from './used-tokens-repo.ts';
import type { UserRow, UsersRepo } from '../users-repo.ts';

/**
 * What a partner's back end asserts about its customer (OpenID Connect claim names). One
 * audience, as a string: a token naming several could pass for single sign-on (the partner id)
 * and for a widget (an origin) at once.
 */
const customerClaimsSchema = z
  .object({
    jti: z.string().min(8).max(200),
    iat: z.number(),
    exp: z.number(),
    aud: z.string(),
    sub: z.string().trim().min(1).max(200),
    email: z.string().refine((v) => checkEmail(v) === null),
    given_name: z.string().trim().min(1),
    family_name: z.string().trim().min(1),
    phone_number: z.string().optional(),
    locale: z.string().optional(),
  })
  .refine((claims) => unstorableTextPath(claims) === undefined);
export type CustomerClaims = z.infer<typeof customerClaimsSchema>;

const name = (value: string) => value.slice(0, TEXT_MAX_LENGTH);

/** A token refused for a reason of its own (not a failure of ours, which stays a 500). */
class TokenRefused extends Error {}

function headerOf(token: string): ProtectedHeaderParameters {
  try {
    return decodeProtectedHeader(token);
  } catch {
    throw new TokenRefused('not a JWT');
  }
}

/** Whether a failure is the token's (refused: 401), not ours. */
export const isTokenRefusal = (cause: unknown): boolean =>
  cause instanceof TokenRefused || cause instanceof errors.JOSEError || cause instanceof z.ZodError;

/**
 * Runs a use of a token: every refusal becomes the same 401 UNAUTHORISED with `message`, so
 * nothing about secrets or users leaks; any other failure stays what it is.
 */
export async function refusedAs<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (cause) {
    if (isTokenRefusal(cause)) throw new AppError('UNAUTHORISED', { message, cause });
    throw cause;
  }
}

/**
 * A partner's back end vouching for its customer with a short-lived HS256 JWT signed with one
 * of its server secrets (ADR 0003): single sign-on (audience the partner id) and the widget
 * (audience the origin of the partner's page that frames it) read it here alike. The customer
 * is found by the partner's id for them, else linked by email, else created.
 */
export function partnerTokens(deps: {
  partners: Pick<PartnersService, 'secretByKid'>;
  users: UsersRepo;
  usedTokens: UsedTokensRepo;
  encryption: Encryption;
  clock: Clock;
}) {
  const { partners, users, usedTokens, encryption, clock } = deps;

  function customerOnly(user: UserRow): UserRow {
    if (!isCustomerOnly(user.roles)) throw new TokenRefused('not a customer account');
    return user;
  }

  return {
    /**
     * The claims of a token the partner signed for one of `audiences` (exactly), living at
     * most `maxLifetimeS`; `payload` holds them all, for a use's own claims. It is not used
     * up: `consume` does that.
     */
    async verify(
      partner: PartnerRow,
      token: string,
      audiences: readonly string[],
      maxLifetimeS: number,
    ): Promise<{ claims: CustomerClaims; payload: JWTPayload }> {
      if (audiences.length === 0) throw new TokenRefused('no audience');
      const header = headerOf(token);
      if (header.alg !== 'HS256') throw new TokenRefused('algorithm');
      // The kid names the secret that signed the token (ADR 0003): without one there is no
      // secret to check it with, and none is guessed (not "the partner's only secret").
      if (typeof header.kid !== 'string' || header.kid === '') throw new TokenRefused('no kid');
      const secret = await partners.secretByKid(header.kid);
      if (!secret || secret.revokedAt || secret.partnerId !== partner.id)
        throw new TokenRefused('kid');
      const key = new TextEncoder().encode(encryption.decrypt(secret.secretCiphertext));
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: partner.id,
        audience: [...audiences],
        currentDate: clock.now(),
        clockTolerance: SSO_CLOCK_TOLERANCE_S,
        maxTokenAge: maxLifetimeS + SSO_CLOCK_TOLERANCE_S,
        requiredClaims: ['jti', 'iat', 'exp', 'sub', 'aud'],
      });
      const claims = customerClaimsSchema.parse(payload);
      // A long-lived token is a standing credential if it leaks: refuse it even while valid.
      if (claims.exp - claims.iat > maxLifetimeS) throw new TokenRefused('lifetime');
      return { claims, payload };
    },

    /** Uses the token up (single use, on every instance): a second use is refused. */
    async consume(partner: PartnerRow, claims: CustomerClaims): Promise<void> {
      if (!(await usedTokens.claim(partner.id, claims.jti, new Date(claims.exp * 1000))))
        throw new TokenRefused('replay');
    },

    /** Whether the token was used already. */
    isUsed: (partner: PartnerRow, claims: CustomerClaims) =>
      usedTokens.isUsed(partner.id, claims.jti),

    /** The customer the claims name: found, linked by email, or created. */
    async customerFor(partner: PartnerRow, claims: CustomerClaims): Promise<UserRow> {
      const linked = await users.findByExternalId(partner.id, claims.sub);
      if (linked) return customerOnly(linked);
      const email = normalizeEmail(claims.email);
      const existing = await users.findByEmail(partner.id, email);
      if (existing) {
        // A partner's token vouches for its customers only: a staff account (ADMIN, AGENT) is
        // never opened without its own password and second factor, whatever email it names.
        customerOnly(existing);
        // An account already tied to another customer id of this partner is not taken over.
        const row = await users.linkExternalId(existing.id, claims.sub);
        if (!row) throw new TokenRefused('email linked to another customer id');
        return row;
      }
      const phone = claims.phone_number ? cleanPhone(claims.phone_number) : '';
      const result = await users.create(
        {
          partnerId: partner.id,
          emailAddress: email,
          passwordHash: null,
          externalId: claims.sub,
          firstName: name(claims.given_name),
          surname: name(claims.family_name),
          mobilePhoneNumber: phone && isValidInternationalPhone(phone) ? phone : null,
          locale: normalizeLocale(claims.locale, partnerConfig(partner).defaultLocale),
          roles: ['USER'],
          terms: 'PENDING',
        },
        defaultComms(true),
      );
      if ('conflict' in result) {
        // Two first sign-ins of one customer raced: the other one created the account.
        const created = await users.findByExternalId(partner.id, claims.sub);
        if (!created) throw new TokenRefused('email taken meanwhile');
        return created;
      }
      return result.user;
    },
  };
}
export type PartnerTokens = ReturnType<typeof partnerTokens>;
