import {
  loginResponseSchema,
  otcResponseSchema,
  sessionSchema,
  ssoResponseSchema,
} from '@tern/domain/accounts/schemas';
import type { HttpClient } from '../../../lib/http.ts';

/** `POST /platform/user/login`: signs in, or asks for the MFA code of a user with MFA on. */
export const login = (
  http: HttpClient,
  body: { emailAddress: string; password: string; partnerId: string },
) => http.post('/platform/user/login', body, { schema: loginResponseSchema });

/** `POST /platform/user/mfa/confirm`: the second step of a login with MFA. */
export const confirmMfa = (
  http: HttpClient,
  body: { userId: string; code: string; session: string },
) => http.post('/platform/user/mfa/confirm', body, { schema: sessionSchema });

/** `POST /platform/user/login/otc`: sends a one-time code to the email or phone given. */
export const requestOneTimeCode = (http: HttpClient, body: { identifier: string }) =>
  http.post('/platform/user/login/otc', body, { schema: otcResponseSchema });

/**
 * `POST /platform/user/login/confirm`: the code sent by `requestOneTimeCode`. Answers like a
 * password login: a user with MFA on still gets the authenticator step.
 */
export const confirmOneTimeCode = (http: HttpClient, body: { sessionId: string; code: string }) =>
  http.post('/platform/user/login/confirm', body, { schema: loginResponseSchema });

/** `GET /platform/user/sso/{token}`: a partner's single sign-on link. */
export const singleSignOn = (http: HttpClient, token: string, signal?: AbortSignal) =>
  http.get(`/platform/user/sso/${encodeURIComponent(token)}`, {
    schema: ssoResponseSchema,
    ...(signal ? { signal } : {}),
  });
