import { decodeProtectedHeader, errors, jwtVerify, type ProtectedHeaderParameters } from 'jose';
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
import { SSO_CLOCK_TOLERANCE_S, SSO_MAX_LIFETIME_S } from '../limits.ts';
import { defaultComms } from '../mappers.ts';
import type { SessionsService } from '../sessions/sessions-service.ts';
import type { UsedTokensRepo } from './used-tokens-repo.ts';
import type { UserRow, UsersRepo } from '../users-repo.ts';

/** What a partner's back end asserts about its customer (OpenID Connect claim names). */
const claimsSchema = z
  .object({
    jti: z.string().min(8).max(200),
    iat: z.number(),
    exp: z.number(),
    sub: z.string().trim().min(1).max(200),
    email: z.string().refine((v) => checkEmail(v) === null),
    given_name: z.string().trim().min(1),
    family_name: z.string().trim().min(1),
    phone_number: z.string().optional(),
    locale: z.string().optional(),
  })
  .refine((claims) => unstorableTextPath(claims) === undefined);
type Claims = z.infer<typeof claimsSchema>;

const name = (value: string) => value.slice(0, TEXT_MAX_LENGTH);

/** A token refused for a reason of its own (not a failure of ours, which stays a 500). */
class Refused extends Error {}

function headerOf(token: string): ProtectedHeaderParameters {
  try {
    return decodeProtectedHeader(token);
  } catch {
    throw new Refused('not a JWT');
  }
}

/**
 * Single sign-on (spec 1 §7 GET /platform/user/sso/{token}): a partner's back end vouches
 * for its customer with a short-lived HS256 JWT signed with one of its server secrets
 * (ADR 0003). The customer is found by the partner's id for them, else linked by email,
 * else created. Every failure answers the same 401, so nothing about secrets or users leaks.
 */
export function ssoService(deps: {
  partners: Pick<PartnersService, 'secretByKid'>;
  users: UsersRepo;
  usedTokens: UsedTokensRepo;
  sessions: SessionsService;
  encryption: Encryption;
  clock: Clock;
}) {
  const { partners, users, usedTokens, sessions, encryption, clock } = deps;

  async function verify(partner: PartnerRow, token: string): Promise<Claims> {
    const header = headerOf(token);
    if (header.alg !== 'HS256') throw new Refused('algorithm');
    // The kid names the secret that signed the token (ADR 0003): without one there is no
    // secret to check it with, and none is guessed (not "the partner's only secret").
    if (typeof header.kid !== 'string' || header.kid === '') throw new Refused('no kid');
    const secret = await partners.secretByKid(header.kid);
    if (!secret || secret.revokedAt || secret.partnerId !== partner.id) throw new Refused('kid');
    const key = new TextEncoder().encode(encryption.decrypt(secret.secretCiphertext));
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: partner.id,
      audience: partner.id,
      currentDate: clock.now(),
      clockTolerance: SSO_CLOCK_TOLERANCE_S,
      maxTokenAge: SSO_MAX_LIFETIME_S + SSO_CLOCK_TOLERANCE_S,
      requiredClaims: ['jti', 'iat', 'exp', 'sub'],
    });
    const claims = claimsSchema.parse(payload);
    // A long-lived token is a standing credential if it leaks: refuse it even while valid.
    if (claims.exp - claims.iat > SSO_MAX_LIFETIME_S) throw new Refused('lifetime');
    return claims;
  }

  function customerOnly(user: UserRow): UserRow {
    if (!isCustomerOnly(user.roles)) throw new Refused('not a customer account');
    return user;
  }

  async function findOrCreate(partner: PartnerRow, claims: Claims): Promise<UserRow> {
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
      if (!row) throw new Refused('email linked to another customer id');
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
      if (!created) throw new Refused('email taken meanwhile');
      return created;
    }
    return result.user;
  }

  return {
    async signIn(partner: PartnerRow, token: string) {
      try {
        const claims = await verify(partner, token);
        if (!(await usedTokens.claim(partner.id, claims.jti, new Date(claims.exp * 1000))))
          throw new Refused('replay');
        const user = await findOrCreate(partner, claims);
        const session = await sessions.open({ userId: user.id, partnerId: partner.id });
        return { userId: user.id, accessToken: session.token, expiresAt: session.expiresAt };
      } catch (cause) {
        if (
          cause instanceof Refused ||
          cause instanceof errors.JOSEError ||
          cause instanceof z.ZodError
        )
          throw new AppError('UNAUTHORISED', { message: 'Single sign-on failed', cause });
        throw cause;
      }
    },
  };
}
