import {
  forgotPasswordResponseSchema,
  resetPasswordResponseSchema,
} from '@tern/domain/accounts/schemas';
import type { HttpClient } from '../../../lib/http.ts';

/** `POST /platform/user/forgotPassword`: the same answer whether or not the account exists. */
export const forgotPassword = (
  http: HttpClient,
  body: { emailAddress: string; partnerId: string },
) => http.post('/platform/user/forgotPassword', body, { schema: forgotPasswordResponseSchema });

/** `POST /platform/user/resetPassword`: sets the new password; it does not sign in. */
export const resetPassword = (
  http: HttpClient,
  body: { token: string; password: string; partnerId: string },
) => http.post('/platform/user/resetPassword', body, { schema: resetPasswordResponseSchema });
