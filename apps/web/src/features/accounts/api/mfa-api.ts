import { mfaStatusSchema, mfaTokenResponseSchema } from '@tern/domain/accounts/schemas';
import type { HttpClient } from '../../../lib/http.ts';

/** `POST /platform/user/mfa/token`: a new authenticator secret with its QR code. */
export const createMfaToken = (http: HttpClient, label: string) =>
  http.post('/platform/user/mfa/token', { label }, { schema: mfaTokenResponseSchema });

/** `POST /platform/user/mfa`: turns MFA on (or off) with a code from the authenticator. */
export const setMfa = (http: HttpClient, body: { enabled: boolean; code: string }) =>
  http.post('/platform/user/mfa', body, { schema: mfaStatusSchema });
