import type { ApiError } from '@tern/domain/errors';

export type ApiRequestErrorInit = {
  status: number;
  message: string;
  code?: string | undefined;
  field?: string | undefined;
  details?: ApiError['details'];
  /** The `name` the body gave the error, e.g. 'B2BError' for partner-level failures. */
  bodyName?: string | undefined;
  cause?: unknown;
};

/** A failed API call: the HTTP status plus, when the body was an API error, its code and field. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly field: string | undefined;
  readonly details: ApiError['details'];
  readonly bodyName: string | undefined;

  constructor(init: ApiRequestErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.details = init.details;
    this.bodyName = init.bodyName;
  }
}
