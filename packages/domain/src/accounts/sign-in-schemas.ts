import { z } from 'zod';
import { PARTNER_ID_MAX_LENGTH } from '../constants.ts';
import { emailSchema } from '../rules/email.ts';
import { simplePasswordSchema } from '../rules/password.ts';

/**
 * The sign-in card's rules, apart from the rest of the accounts schemas (which bring the
 * phone-number metadata along): the first page's form loads these alone, when a field is
 * first checked. `schemas.ts` exports them with the others.
 */
export const loginRequestSchema = z
  .object({
    emailAddress: emailSchema,
    password: simplePasswordSchema,
    partnerId: z.string().min(1).max(PARTNER_ID_MAX_LENGTH),
  })
  .meta({ id: 'LoginRequest' });

/** A one-time or TOTP code: six digits. */
export const otcCode = z.string().regex(/^\d{6}$/, 'validation.invalid_code');
/** A form asking for one code (one-time code, TOTP). */
export const codeFormSchema = z.object({ code: otcCode });
