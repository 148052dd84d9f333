import { customType, timestamp } from 'drizzle-orm/pg-core';

/**
 * Column helpers for `schema.ts` and the table files under `tables/`. They live apart from
 * `schema.ts`, which re-exports those files: importing a helper from it would be a cycle
 * evaluated too early.
 */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true });
/** When a row last changed; repositories set it on every update. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Binary content (theme images). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
