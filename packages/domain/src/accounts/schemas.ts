import { z } from 'zod';
import type { AccessEntry } from '../access.ts';
import {
  CUSTOMER_QUERY_MAX,
  CUSTOMER_QUERY_MIN,
  EMAIL_MAX_LENGTH,
  MFA_LABEL_MAX,
  OTC_IDENTIFIER_MIN,
  PARTNER_ID_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  SIGN_IN_TOKEN_MAX,
  LINK_TTL_DAYS_MAX,
  POLICY_NUMBER_MAX,
  ROLES,
} from '../constants.ts';
import { emailSchema } from '../rules/email.ts';
import { firstNameSchema, lastNameSchema } from '../rules/names.ts';
import {
  passwordPairShape,
  passwordProblems,
  refinePasswordPair,
  simplePasswordSchema,
} from '../rules/password.ts';
import { internationalPhoneSchema } from '../rules/phone.ts';
import { requiredAs } from '../rules/message.ts';
import { textSchema } from '../rules/text.ts';
import { otcCode } from './sign-in-schemas.ts';

export { codeFormSchema, loginRequestSchema, otcCode } from './sign-in-schemas.ts';

/**
 * Accounts and sessions (spec 1 §3, §4, §6, §7 "Account and session"). Request shapes are
 * what the API validates; the web forms extend them (e.g. with a password confirmation).
 */

export const roleSchema = z.enum(ROLES);
export const localeSchema = z.string().regex(/^[a-z]{2}-[A-Z]{2}$/, 'validation.invalid');
const idSchema = z.uuid();

/** A new password on the server: every sign-up rule of spec 1 §5 (the pair check is the form's). */
export const newPasswordSchema = z
  .string({ error: 'validation.required' })
  .max(PASSWORD_MAX_LENGTH, 'validation.invalid')
  .superRefine((password, ctx) => {
    for (const key of passwordProblems(password)) ctx.addIssue({ code: 'custom', message: key });
  });

// ── Register ─────────────────────────────────────────────────────────────────────────────
export const registerRequestSchema = z
  .object({
    emailAddress: emailSchema,
    password: newPasswordSchema,
    firstName: firstNameSchema,
    surname: lastNameSchema,
    mobilePhoneNumber: internationalPhoneSchema,
    /** Mandatory when the partner's registration.policyMandatory (default) is on. */
    policyNumber: textSchema({ max: POLICY_NUMBER_MAX, required: false }).optional(),
    locale: localeSchema,
    commsSms: z.boolean().default(true),
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/**
 * The names and mobile number a person's forms ask for (register, my details): the request's
 * rules, each saying what to enter when left empty ("Enter your first name.").
 */
export const requiredPersonShape = {
  firstName: requiredAs(registerRequestSchema.shape.firstName, 'validation.enter_first_name'),
  surname: requiredAs(registerRequestSchema.shape.surname, 'validation.enter_surname'),
  mobilePhoneNumber: requiredAs(
    registerRequestSchema.shape.mobilePhoneNumber,
    'validation.enter_mobile',
  ),
};

/**
 * The register screen's rules: the request's names, email and international mobile number,
 * the password pair of spec 1 §5 (the confirmation is never sent: spec 1 §7), and the policy
 * number, mandatory when the partner's `registration.policyMandatory` is on. Each required
 * field left empty says what to enter, in one pattern ("Enter your first name.").
 */
export const registerFormSchema = (policyMandatory: boolean) =>
  z
    .object({
      ...requiredPersonShape,
      emailAddress: requiredAs(registerRequestSchema.shape.emailAddress, 'validation.email'),
      policyNumber: policyMandatory
        ? requiredAs(textSchema({ max: POLICY_NUMBER_MAX }), 'validation.enter_policy_number')
        : textSchema({ max: POLICY_NUMBER_MAX, required: false }),
      ...passwordPairShape,
    })
    .superRefine(refinePasswordPair);
export type RegisterFormValues = z.input<ReturnType<typeof registerFormSchema>>;

// ── Sessions ─────────────────────────────────────────────────────────────────────────────
/** A signed-in session: what login, one-time-code confirmation, SSO, MFA and register answer. */
export const sessionSchema = z
  .object({
    id: idSchema,
    userId: idSchema,
    token: z.string(),
    /** 60 minutes from login (spec 1 §9). */
    expiresAt: z.iso.datetime(),
    /** Set when an agent acts for this user. */
    agentId: idSchema.optional(),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;

/** Login either signs in, or asks for the TOTP code of a user with MFA on. */
export const loginResponseSchema = z
  .discriminatedUnion('status', [
    sessionSchema.extend({ status: z.literal('OK') }),
    z.object({
      status: z.literal('MFA_REQUIRED'),
      userId: idSchema,
      /** Pass back to /platform/user/mfa/confirm with the code; valid 5 minutes. */
      session: z.string(),
    }),
  ])
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const otcRequestSchema = z
  .object({
    identifier: z
      .string()
      .trim()
      .min(OTC_IDENTIFIER_MIN, 'validation.min_characters')
      .max(EMAIL_MAX_LENGTH),
  })
  .meta({ id: 'OtcRequest' });
export const otcResponseSchema = z.object({ sessionId: z.string() }).meta({ id: 'OtcResponse' });

/**
 * Proof that the account holder is at the keyboard, asked before a sign-in contact point
 * changes (the email address, the mobile number): the current password, or the TOTP code
 * when MFA is on.
 */
export const holderProofShape = {
  password: simplePasswordSchema.optional(),
  code: otcCode.optional(),
};
export type HolderProof = z.infer<z.ZodObject<typeof holderProofShape>>;
export const otcConfirmSchema = z
  .object({ sessionId: z.string().min(1).max(SIGN_IN_TOKEN_MAX), code: otcCode })
  .meta({ id: 'OtcConfirm' });

export const ssoPathSchema = z.object({ token: z.string().min(10).max(4096) });
export const ssoResponseSchema = z
  .object({ userId: idSchema, accessToken: z.string(), expiresAt: z.iso.datetime() })
  .meta({ id: 'SsoResponse' });

// ── MFA ──────────────────────────────────────────────────────────────────────────────────
export const mfaTokenRequestSchema = z
  .object({ label: textSchema({ max: MFA_LABEL_MAX }) })
  .meta({ id: 'MfaTokenRequest' });
export const mfaTokenResponseSchema = z
  .object({
    /** Base32 secret, shown once for manual entry. */
    secret: z.string(),
    otpauthUrl: z.string(),
    /** The otpauth URL as a PNG data URL QR code. */
    qrCode: z.string(),
  })
  .meta({ id: 'MfaToken' });
export const mfaEnableRequestSchema = z
  .object({ enabled: z.boolean(), code: otcCode })
  .meta({ id: 'MfaEnable' });
export const mfaConfirmRequestSchema = z
  .object({ userId: idSchema, code: otcCode, session: z.string().min(1).max(SIGN_IN_TOKEN_MAX) })
  .meta({ id: 'MfaConfirm' });

// ── Password reset ───────────────────────────────────────────────────────────────────────
export const forgotPasswordRequestSchema = z
  .object({ emailAddress: emailSchema, partnerId: z.string().min(1).max(PARTNER_ID_MAX_LENGTH) })
  .meta({ id: 'ForgotPassword' });
export const resetPasswordRequestSchema = z
  .object({
    token: z.string().min(10).max(200),
    password: newPasswordSchema,
    partnerId: z.string().min(1).max(PARTNER_ID_MAX_LENGTH),
  })
  .meta({ id: 'ResetPassword' });
/** The same answer whether or not the address has an account, so accounts cannot be probed. */
export const forgotPasswordResponseSchema = z
  .object({ status: z.literal('ACCEPTED') })
  .meta({ id: 'ForgotPasswordAccepted' });
/** A code is on its way (to a changed mobile number). */
export const codeSentSchema = z.object({ status: z.literal('CODE_SENT') }).meta({ id: 'CodeSent' });
/** The reset does not sign in: the user logs in with the new password (and MFA code). */
/** Whether a reset link still works, asked when its page opens (the token in a body, not a URL). */
export const resetLinkCheckSchema = z
  .object({
    token: z.string().min(10).max(SIGN_IN_TOKEN_MAX),
    partnerId: z.string().min(1).max(PARTNER_ID_MAX_LENGTH),
  })
  .meta({ id: 'ResetLinkCheck' });
export const resetLinkStatusSchema = z
  .object({ status: z.literal('VALID') })
  .meta({ id: 'ResetLinkValid' });
export const resetPasswordResponseSchema = z
  .object({ status: z.literal('PASSWORD_CHANGED') })
  .meta({ id: 'PasswordChanged' });
export const logoutResponseSchema = z
  .object({ status: z.literal('LOGGED_OUT') })
  .meta({ id: 'LoggedOut' });
export const mfaStatusSchema = z.object({ mfaEnabled: z.boolean() }).meta({ id: 'MfaStatus' });

// ── User ─────────────────────────────────────────────────────────────────────────────────
/**
 * The communication preferences every user has (spec 1 §3): transactional messages by email
 * and SMS, marketing by email and SMS. The client keeps the transactional ones as a list and
 * the preferred marketing one as a string.
 */
export const COMMS_IDS = [
  'TRANSACTIONAL_EMAIL',
  'TRANSACTIONAL_SMS',
  'MARKETING_EMAIL',
  'MARKETING_SMS',
] as const;
export type CommsId = (typeof COMMS_IDS)[number];
export const commsTypeOf = (id: CommsId): 'transactional' | 'marketing' =>
  id.startsWith('MARKETING') ? 'marketing' : 'transactional';

export const commsEntrySchema = z.object({
  commsId: z.string(),
  type: z.enum(['transactional', 'marketing']),
  active: z.boolean(),
  preferred: z.boolean(),
});
export type CommsEntry = z.infer<typeof commsEntrySchema>;

export const userDetailsSchema = z
  .object({
    id: idSchema,
    userId: idSchema,
    partnerId: z.string(),
    emailAddress: z.string(),
    mobilePhoneNumber: z.string().nullable(),
    /** Whether one-time codes may go to it: a changed number is not until confirmed. */
    mobileConfirmed: z.boolean(),
    firstName: z.string(),
    surname: z.string(),
    /** 0 or 1, as the spec's payloads carry it. */
    employee: z.union([z.literal(0), z.literal(1)]),
    mfaEnabled: z.boolean(),
    locale: z.string(),
    /** Upper-case, the part of the locale before the dash (spec 1 §3). */
    language: z.string(),
    commsSms: z.boolean(),
    comms: z.array(commsEntrySchema),
    terms: z.enum(['PENDING', 'ACCEPTED']),
    roles: z.array(roleSchema),
  })
  .meta({ id: 'UserDetails' });
export type UserDetails = z.infer<typeof userDetailsSchema>;

/**
 * `PATCH /platform/users/{id}` (spec 1 §7): any of these; absent fields stay as they are.
 * A comms entry set `preferred` becomes the only preferred one of its type.
 */
export const userUpdateRequestSchema = z
  .object({
    firstName: firstNameSchema.optional(),
    surname: lastNameSchema.optional(),
    locale: localeSchema.optional(),
    mobilePhoneNumber: internationalPhoneSchema.optional(),
    commsSms: z.boolean().optional(),
    comms: z
      .array(
        z.object({
          commsId: z.enum(COMMS_IDS, { error: 'validation.invalid' }),
          active: z.boolean(),
          preferred: z.boolean(),
        }),
      )
      .max(COMMS_IDS.length)
      // Sign-in codes, resets and news of a claim go by email: that channel stays on.
      .refine((comms) => !comms.some((c) => c.commsId === 'TRANSACTIONAL_EMAIL' && !c.active), {
        error: 'validation.invalid',
      })
      .optional(),
    /** Accepting the terms is the only change: they cannot go back to PENDING. */
    terms: z.literal('ACCEPTED', { error: 'validation.invalid' }).optional(),
    /** The version of the terms document the user read and accepted (with `terms`). */
    termsVersion: z.string().trim().min(1).max(64).optional(),
    /** With a changed mobile number: the holder's proof (see holderProofShape). */
    ...holderProofShape,
  })
  .refine((change) => (change.terms === undefined) === (change.termsVersion === undefined), {
    path: ['termsVersion'],
    error: 'validation.required',
  })
  .meta({ id: 'UserUpdate' });
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;

/** No marketing channel chosen. */
export const NO_MARKETING = 'NONE';
const TRANSACTIONAL_IDS = COMMS_IDS.filter((id) => commsTypeOf(id) === 'transactional');
const MARKETING_IDS = COMMS_IDS.filter((id) => commsTypeOf(id) === 'marketing');

/**
 * Communication preferences as the client keeps them (spec 1 §3): the transactional channels
 * as a list, the one marketing channel as a string (`NONE` for none). Transactional email
 * always stays on: sign-in codes, resets and news of a claim go by email.
 */
export const commsFormSchema = z.object({
  transactional: z.array(z.enum(TRANSACTIONAL_IDS as [CommsId, ...CommsId[]])),
  marketing: z.enum([NO_MARKETING, ...MARKETING_IDS] as [string, ...string[]]),
});
export type CommsForm = z.infer<typeof commsFormSchema>;

/** The client state of a user's comms rows. */
export const commsFormOf = (comms: readonly CommsEntry[]): CommsForm => {
  const active = (id: string) => comms.some((entry) => entry.commsId === id && entry.active);
  return {
    transactional: TRANSACTIONAL_IDS.filter(active),
    marketing:
      MARKETING_IDS.find(
        (id) => active(id) && comms.some((e) => e.commsId === id && e.preferred),
      ) ??
      MARKETING_IDS.find(active) ??
      NO_MARKETING,
  };
};

/** The comms list `PATCH /platform/users/{id}` takes for the client state (every channel). */
export const commsUpdateOf = (form: CommsForm): NonNullable<UserUpdateRequest['comms']> => [
  ...TRANSACTIONAL_IDS.map((commsId) => ({
    commsId,
    active: commsId === 'TRANSACTIONAL_EMAIL' || form.transactional.includes(commsId),
    preferred: commsId === 'TRANSACTIONAL_EMAIL',
  })),
  ...MARKETING_IDS.map((commsId) => ({
    commsId,
    active: form.marketing === commsId,
    preferred: form.marketing === commsId,
  })),
];

/**
 * The my-details page (spec 1 §2): names and communication preferences; the mobile number and
 * email, ways to sign in, change through their own dialogs (changeMobileFormSchema, …).
 */
export const myDetailsFormSchema = z.object({
  firstName: requiredPersonShape.firstName,
  surname: requiredPersonShape.surname,
  comms: commsFormSchema,
});
export type MyDetailsFormValues = z.input<typeof myDetailsFormSchema>;

/**
 * `POST /platform/users/{id}/changeEmail` (spec 1 §7): the new address and the holder's
 * proof. A code goes to the new address; the change counts once it is confirmed.
 */
export const changeEmailRequestSchema = z
  .object({ emailAddress: emailSchema, ...holderProofShape })
  .meta({ id: 'ChangeEmail' });
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/** The change-email dialog: the new address, then the proof its holder is asked for. */
export const changeEmailFormSchema = (mfaEnabled: boolean) =>
  z.object({
    emailAddress: requiredAs(emailSchema, 'validation.email'),
    ...proofFormShape(mfaEnabled),
  });
export type ChangeEmailFormValues = z.input<ReturnType<typeof changeEmailFormSchema>>;

/** The change-mobile dialog: the new number and the proof. */
export const changeMobileFormSchema = (mfaEnabled: boolean) =>
  z.object({
    mobilePhoneNumber: requiredPersonShape.mobilePhoneNumber,
    ...proofFormShape(mfaEnabled),
  });
export type ChangeMobileFormValues = z.input<ReturnType<typeof changeMobileFormSchema>>;

/** The proof a form asks for: the TOTP code with MFA on, else the password. */
export function proofFormShape(mfaEnabled: boolean) {
  return mfaEnabled
    ? { code: requiredAs(otcCode, 'validation.enter_code'), password: z.string().optional() }
    : {
        password: requiredAs(simplePasswordSchema, 'validation.enter_password'),
        code: z.string().optional(),
      };
}

/** `POST /platform/users/{id}/changeEmail/confirm`: the code sent to the new address. */
export const pendingEmailSchema = z
  .object({
    status: z.literal('CODE_SENT'),
    /** Where the code went: the address that becomes the account's once confirmed. */
    emailAddress: z.string(),
  })
  .meta({ id: 'PendingEmail' });

// ── Link invitations and enrolment (spec 1 §3, §4, §7) ───────────────────────────────────
/** Link ids are random (≥ 128 bits), URL-safe. */
export const linkPathSchema = z.object({
  linkId: z.string().regex(/^[A-Za-z0-9_-]{22,128}$/, 'validation.invalid'),
});

/** What the partner's back end or an ADMIN sends to invite a customer. */
export const linkInvitationRequestSchema = z
  .object({
    firstName: firstNameSchema,
    surname: lastNameSchema,
    mobilePhoneNumber: internationalPhoneSchema,
    emailAddress: emailSchema,
    /** The policy the account gets on enrolment (it must still be claimable then). */
    externalPolicyNumber: textSchema({ max: POLICY_NUMBER_MAX }).optional(),
    /** The language of the invitation email (else the partner's default locale). */
    locale: localeSchema.optional(),
    /** Days the link works (default and limits: LINK_TTL_DAYS). */
    expiresInDays: z.number().int().min(1).max(LINK_TTL_DAYS_MAX).optional(),
    /** Email the link to the customer (default); false when the partner sends it itself. */
    send: z.boolean().default(true),
  })
  .meta({ id: 'LinkInvitationRequest' });
export type LinkInvitationRequest = z.infer<typeof linkInvitationRequestSchema>;

export const linkCreatedSchema = z
  .object({
    linkId: z.string(),
    /** The enrolment page on the partner's portal. */
    url: z.url(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'LinkCreated' });
export type LinkCreated = z.infer<typeof linkCreatedSchema>;

/**
 * Spec 1 §3 "Link invitation". A used link answers 409 LINK_ALREADY_USED instead (so
 * `secondaryId` is null here); an expired or withdrawn one has `active` 0.
 */
export const linkInvitationSchema = z
  .object({
    linkId: z.string(),
    firstName: z.string(),
    surname: z.string(),
    mobilePhoneNumber: z.string(),
    emailAddress: z.string(),
    externalPolicyNumber: z.string().nullable(),
    secondaryId: z.string().nullable(),
    active: z.union([z.literal(0), z.literal(1)]),
  })
  .meta({ id: 'LinkInvitation' });
export type LinkInvitation = z.infer<typeof linkInvitationSchema>;

/**
 * `POST /accounts/user/enrol/{linkId}`: the account's names, password and locale (the page's
 * language); the email address, mobile number and policy are the invitation's. The
 * `PATCH /platform/users/{id}` that follows sets the number the person kept or typed.
 */
export const enrolRequestSchema = z
  .object({
    firstName: firstNameSchema,
    surname: lastNameSchema,
    password: newPasswordSchema,
    locale: localeSchema,
    commsSms: z.boolean().default(true),
  })
  .meta({ id: 'EnrolRequest' });
export type EnrolRequest = z.infer<typeof enrolRequestSchema>;

/** The enrolment page: the invitation's names and mobile, prefilled, and a new password. */
export const enrolFormSchema = z
  .object({ ...requiredPersonShape, ...passwordPairShape })
  .superRefine(refinePasswordPair);
export type EnrolFormValues = z.input<typeof enrolFormSchema>;

/** The wire form of access.ts's `AccessEntry` (kept zod-free there for the first download). */
export const accessProfileEntrySchema = z.object({
  feature: z.string(),
  actions: z.array(z.string()),
}) satisfies z.ZodType<AccessEntry>;
export const userAccessSchema = z
  .object({
    accessProfile: z.array(accessProfileEntrySchema),
    roles: z.array(roleSchema),
    accessGroup: z.object({ partnerId: z.string() }),
    /** Set when the session is an agent's acting for this user. */
    agentId: idSchema.optional(),
  })
  .meta({ id: 'UserAccess' });
export type UserAccess = z.infer<typeof userAccessSchema>;

// ── Agents ───────────────────────────────────────────────────────────────────────────────
export const customerSearchQuerySchema = z.object({
  query: z
    .string()
    .trim()
    .min(CUSTOMER_QUERY_MIN, 'validation.min_characters')
    .max(CUSTOMER_QUERY_MAX),
});
export const customerSummarySchema = z
  .object({
    userId: idSchema,
    firstName: z.string(),
    surname: z.string(),
    emailAddress: z.string(),
  })
  .meta({ id: 'CustomerSummary' });
export const actForRequestSchema = z.object({ userId: idSchema }).meta({ id: 'ActForRequest' });
export const customerListSchema = z.array(customerSummarySchema).meta({ id: 'CustomerList' });
