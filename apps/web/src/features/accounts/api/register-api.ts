import { sessionSchema, type RegisterRequest } from '@tern/domain/accounts/schemas';
import type { HttpClient } from '../../../lib/http.ts';

/** `POST /platform/user/register/{partnerId}` (201 with a session: the user is signed in). */
export const register = (http: HttpClient, partnerId: string, body: RegisterRequest) =>
  http.post(`/platform/user/register/${encodeURIComponent(partnerId)}`, body, {
    schema: sessionSchema,
  });
