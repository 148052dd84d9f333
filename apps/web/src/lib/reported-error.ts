/**
 * An error the error handler has already shown (or acted on): whoever catches it further up
 * must not show it a second time.
 */
export class ReportedError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'ReportedError';
  }
}

export const isReported = (error: unknown): error is ReportedError =>
  error instanceof ReportedError;
