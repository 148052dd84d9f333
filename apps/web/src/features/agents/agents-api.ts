import { customerListSchema, sessionSchema } from '@tern/domain/accounts/schemas';
import type { HttpClient } from '../../lib/http.ts';

/** `GET /platform/agent/customers?query=`: the partner's customers matching an email or name. */
export const searchCustomers = (http: HttpClient, query: string, signal?: AbortSignal) =>
  http.get('/platform/agent/customers', {
    query: { query },
    schema: customerListSchema,
    ...(signal ? { signal } : {}),
  });

/** `POST /platform/agent/act-for`: a session of the customer, carrying the agent's id. */
export const actFor = (http: HttpClient, userId: string) =>
  http.post('/platform/agent/act-for', { userId }, { schema: sessionSchema });
