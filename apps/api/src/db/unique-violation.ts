type DriverError = { code?: unknown; constraint?: unknown; cause?: unknown };

/**
 * The unique index a failed query broke (SQLSTATE 23505): Drizzle wraps the driver's error,
 * and node-postgres carries the code and the constraint's name. Undefined for any other failure.
 */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e = error as DriverError | undefined; e; e = e.cause as DriverError | undefined)
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  return undefined;
}

/** Whether a failed query broke a CHECK constraint (SQLSTATE 23514). */
export function isCheckViolation(error: unknown): boolean {
  for (let e = error as DriverError | undefined; e; e = e.cause as DriverError | undefined)
    if (e.code === '23514') return true;
  return false;
}

export const isUniqueViolation = (error: unknown): boolean => uniqueViolation(error) !== undefined;
