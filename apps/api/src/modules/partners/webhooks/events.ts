import { sql } from 'drizzle-orm';
import { webhookEventDataSchemas, type PartnerEvent } from '@tern/domain';
import type { Db, Tx } from '../../../db/client.ts';
import type { Jobs } from '../../../jobs.ts';
import type { Clock } from '../../../lib/clock.ts';
import { deliveryAddition } from './jobs.ts';
import { webhooksRepo } from './repo.ts';

/**
 * The one way areas raise events for partners' webhooks (built once, in `app.ts`, and handed to
 * the areas on the platform).
 */
export interface PartnerEvents {
  /**
   * Records the event for each of the partner's enabled endpoints subscribed to its type and
   * queues one delivery job per endpoint. Given `tx`, the change's own transaction, so the
   * event exists if and only if the change commits; without, in a transaction of its own.
   * Its data is checked against the event's schema (ids and states only): a field no schema
   * names throws, and with it the change.
   */
  emit(event: PartnerEvent, tx?: Tx): Promise<void>;
}

export function partnerEvents(deps: { db: Db; jobs: Jobs; clock: Clock }): PartnerEvents {
  const { db, jobs, clock } = deps;
  const repo = webhooksRepo(db);

  return {
    async emit(event, tx) {
      const data: unknown = webhookEventDataSchemas[event.type].parse(event.data);
      const at = clock.now();
      // Written once, here: every attempt and replay posts (and signs) these very bytes.
      const body = JSON.stringify({ type: event.type, timestamp: at.toISOString(), data });
      const record = async (on: Tx) => {
        const deliveries = await repo.recordEvent(on, {
          partnerId: event.partnerId,
          type: event.type,
          body,
          at,
        });
        if (deliveries.length > 0)
          await on.execute(
            sql`select ${sql.join(
              deliveries.map((deliveryId) => deliveryAddition(jobs, deliveryId, 1)),
              sql`, `,
            )}`,
          );
      };
      if (tx) await record(tx);
      else await db.transaction(record);
    },
  };
}
