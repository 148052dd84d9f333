import { z } from 'zod';

export * from './live-events.ts';

/**
 * The data of a `change`: the third part of each signed-in query key that holds what changed,
 * `[session, userId, key]` — a dataset name (spec 1 §3) or a contract id.
 */
export const liveChangeSchema = z
  .object({ keys: z.array(z.string().min(1).max(100)).min(1).max(20) })
  .meta({ id: 'LiveChange' });
export type LiveChange = z.infer<typeof liveChangeSchema>;
