import { expect } from 'vitest';
import { apiErrorSchema, type ContractDef } from '@tern/domain';
import type { TestContext } from './app.ts';
import { urlOf } from './urls.ts';

export type CallOptions = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
};
type Answer = Awaited<ReturnType<TestContext['app']['inject']>>;

/** A call to an endpoint by its contract, as `who` (their headers) makes it. */
export const callAs =
  (t: TestContext) =>
  (contract: ContractDef, who: { headers: Record<string, string> }, options: CallOptions = {}) =>
    t.app.inject({
      method: contract.method,
      url: urlOf(contract, options.params ?? {}, options.query),
      headers: who.headers,
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });

/** Checks a refusal: its status, its catalogue code and (when given) its field; answers it. */
export function expectApiError(res: Answer, status: number, code: string, field?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const error = apiErrorSchema.parse(res.json());
  expect(error.code).toBe(code);
  if (field !== undefined) expect(error.field).toBe(field);
  return error;
}
