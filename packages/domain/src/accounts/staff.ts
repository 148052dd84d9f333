import { z } from 'zod';
import { AUDIT_PAGE_MAX, EMAIL_MAX_LENGTH, type Role } from '../constants.ts';
import { partnerPathSchema } from '../partners/index.ts';
import { emailSchema } from '../rules/email.ts';
import { firstNameSchema, lastNameSchema } from '../rules/names.ts';
import { requiredAs } from '../rules/message.ts';
import { localeSchema, requiredPersonShape, roleSchema } from './schemas.ts';

/**
 * The admin console (an ADMIN's own session): the partner's staff — invited through the link
 * invitations customers enrol with — disabled and enabled, and the audit log of what staff
 * changed. The access profile's `admin-console` feature (access.ts) names who may.
 */

/** The roles an ADMIN invites and manages: the partner's staff. */
export const STAFF_ROLES = ['AGENT', 'ADMIN'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (role: string): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role);
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'validation.invalid' });

/** Active; disabled by an ADMIN (no sign-in, no session); or invited and not yet enrolled. */
export const STAFF_STATUSES = ['ACTIVE', 'DISABLED', 'INVITED'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

const idSchema = z.uuid({ error: 'validation.invalid' });

/** The path parameters of one staff member's calls (`accountsContracts.updateStaff`). */
export const staffPathSchema = partnerPathSchema.extend({ userId: idSchema });

/**
 * A member of the partner's staff. Their email address is work data, shown in full to the
 * partner's ADMIN. An invitation not yet used is listed under its own id, with when it ends.
 */
export const staffMemberSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    surname: z.string(),
    emailAddress: z.string(),
    roles: z.array(roleSchema),
    status: z.enum(STAFF_STATUSES),
    /** The last time they signed in (their own session, not one acting for a customer). */
    lastSignInAt: z.iso.datetime().nullable(),
    /** For an invitation: until when its link works. */
    invitationExpiresAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.array(staffMemberSchema).meta({ id: 'StaffList' });

/** Inviting an AGENT or an ADMIN: the invitation email's link leads to enrolment. */
export const staffInvitationRequestSchema = z
  .object({
    emailAddress: emailSchema,
    firstName: firstNameSchema,
    surname: lastNameSchema,
    role: staffRoleSchema,
    /** The language of the invitation email (else the partner's default locale). */
    locale: localeSchema.optional(),
  })
  .meta({ id: 'StaffInvitationRequest' });
export type StaffInvitationRequest = z.infer<typeof staffInvitationRequestSchema>;

/** The invite dialog: the request's rules, each empty field saying what to enter. */
export const staffInviteFormSchema = z.object({
  firstName: requiredPersonShape.firstName,
  surname: requiredPersonShape.surname,
  emailAddress: requiredAs(emailSchema, 'validation.email'),
  role: staffRoleSchema,
});
export type StaffInviteFormValues = z.input<typeof staffInviteFormSchema>;

/** Disable (its sessions end at once) or enable a member of staff. */
export const staffUpdateRequestSchema = z
  .object({ disabled: z.boolean({ error: 'validation.invalid' }) })
  .meta({ id: 'StaffUpdate' });

// ── The audit log ────────────────────────────────────────────────────────────────────────
/** `?limit=` as browsers send it: a whole number of entries. */
const limitSchema = z
  .string()
  .regex(/^\d{1,3}$/, 'validation.invalid')
  .transform(Number)
  .pipe(z.number().int().min(1, 'validation.invalid').max(AUDIT_PAGE_MAX, 'validation.invalid'));
const daySchema = z.iso.date({ error: 'validation.invalid_date' });

const customerSearchSchema = z.string().trim().max(EMAIL_MAX_LENGTH, 'validation.invalid');
/** A range of days whose end is not before its start (each may be left open). */
const inOrder = (days: { from?: string | undefined; to?: string | undefined }) =>
  !days.from || !days.to || days.from <= days.to;
const daysInOrder = { path: ['to'], error: 'validation.invalid_date' };

/**
 * The audit log's search: a customer (their email address, or part of it, or their id), a
 * member of staff (their id), days from and to (inclusive, UTC), and the page after `cursor`.
 */
export const auditQuerySchema = z
  .object({
    customer: customerSearchSchema.min(1, 'validation.required').optional(),
    staff: idSchema.optional(),
    from: daySchema.optional(),
    to: daySchema.optional(),
    /** The `nextCursor` of the page before: the entries older than its last. */
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,200}$/, 'validation.invalid')
      .optional(),
    /** Entries per page, AUDIT_PAGE_SIZE unless said. */
    limit: limitSchema.optional(),
  })
  .refine(inOrder, daysInOrder);
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** A field of the search form left empty: no filter. */
const orEmpty = <T extends z.ZodType<string, string>>(schema: T) =>
  z.union([z.literal(''), schema]);

/** The audit log's search form: the query's rules, each field optional (empty). */
export const auditFilterFormSchema = z
  .object({
    customer: customerSearchSchema,
    staff: orEmpty(idSchema),
    from: orEmpty(daySchema),
    to: orEmpty(daySchema),
  })
  .refine(inOrder, daysInOrder);
export type AuditFilterForm = z.output<typeof auditFilterFormSchema>;

/** The query of a search form's values: its empty fields left out. */
export const auditQueryOf = (form: AuditFilterForm): AuditQuery =>
  Object.fromEntries(Object.entries(form).filter(([, value]) => value !== ''));

/** Who an audit entry names: null names when the account is gone (the log outlives it). */
const auditPersonSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  emailAddress: z.string().nullable(),
});

/**
 * One write staff made: acting for a customer (every write of the acting session, and the
 * act-for itself) or on the partner's records. The names of the fields sent, never their values.
 */
export const auditEntrySchema = z
  .object({
    id: z.uuid(),
    at: z.iso.datetime(),
    staff: auditPersonSchema,
    /** The customer acted for, or the account the change was made on. */
    customer: auditPersonSchema,
    /** Method and path as the contract writes it, e.g. `PATCH /platform/users/{id}`. */
    action: z.string(),
    statusCode: z.number().int(),
    fields: z.array(z.string()),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z
  .object({
    entries: z.array(auditEntrySchema),
    /** Pass as `cursor` for the older entries; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;
