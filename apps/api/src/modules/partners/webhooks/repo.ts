import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { WebhookDeliveryStatus, WebhookEventType } from '@tern/domain';
import type { Db, Tx } from '../../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from './tables.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type NewAttempt = Omit<typeof webhookAttempts.$inferInsert, 'id' | 'attempt'>;

/** An endpoint with its newest delivery, as the list shows it. */
export type EndpointView = EndpointRow & {
  lastDelivery: { status: WebhookDeliveryStatus; createdAt: Date } | null;
};

/** A delivery with what sending it needs: the event's body and type, the endpoint. */
export interface DeliveryWork {
  delivery: DeliveryRow;
  type: WebhookEventType;
  body: string;
  endpoint: EndpointRow;
}

const ownEndpoint = (partnerId: string, endpointId: string) =>
  and(
    eq(webhookEndpoints.id, endpointId),
    eq(webhookEndpoints.partnerId, partnerId),
    isNull(webhookEndpoints.deletedAt),
  );

/** SQL of the partners' webhooks: endpoints, events, deliveries and their attempts. */
export function webhooksRepo(db: Db) {
  const lastDelivery = db
    .select({ status: webhookDeliveries.status, createdAt: webhookDeliveries.createdAt })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, webhookEndpoints.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(1)
    .as('last');

  const withLast = (where: ReturnType<typeof and>) =>
    db
      .select({
        endpoint: webhookEndpoints,
        last: { status: lastDelivery.status, createdAt: lastDelivery.createdAt },
      })
      .from(webhookEndpoints)
      .leftJoinLateral(lastDelivery, sql`true`)
      .where(where)
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
      .then((rows) =>
        rows.map(({ endpoint, last }): EndpointView => ({
          ...endpoint,
          lastDelivery: last?.status ? { status: last.status, createdAt: last.createdAt } : null,
        })),
      );

  return {
    /** The partner's endpoints (not deleted), oldest first, each with its newest delivery. */
    listEndpoints: (partnerId: string) =>
      withLast(and(eq(webhookEndpoints.partnerId, partnerId), isNull(webhookEndpoints.deletedAt))),

    /** One of the partner's endpoints, not deleted; another partner's is none. */
    async findEndpoint(partnerId: string, endpointId: string): Promise<EndpointView | undefined> {
      const [row] = await withLast(ownEndpoint(partnerId, endpointId));
      return row;
    },

    /**
     * Adds an endpoint unless the partner has `max` already: counted under a lock on the
     * partner's endpoints, so two registrations at once cannot both take the last place.
     */
    async insertEndpoint(
      values: typeof webhookEndpoints.$inferInsert,
      max: number,
    ): Promise<EndpointRow | 'full'> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${values.partnerId}`}, 0))`,
        );
        const [{ n } = { n: 0 }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(webhookEndpoints)
          .where(
            and(
              eq(webhookEndpoints.partnerId, values.partnerId),
              isNull(webhookEndpoints.deletedAt),
            ),
          );
        if (n >= max) return 'full' as const;
        const [row] = await tx.insert(webhookEndpoints).values(values).returning();
        return row!;
      });
    },

    /** Changes one of the partner's endpoints; undefined when it has none of that id. */
    async updateEndpoint(
      partnerId: string,
      endpointId: string,
      set: Partial<Pick<EndpointRow, 'enabled' | 'events' | 'description' | 'secretCiphertext'>>,
      now: Date,
    ): Promise<EndpointRow | undefined> {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ ...set, updatedAt: now })
        .where(ownEndpoint(partnerId, endpointId))
        .returning();
      return row;
    },

    /** Deletes an endpoint softly: disabled and marked, its deliveries kept. */
    async deleteEndpoint(
      partnerId: string,
      endpointId: string,
      now: Date,
    ): Promise<EndpointRow | undefined> {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ enabled: false, deletedAt: now, updatedAt: now })
        .where(ownEndpoint(partnerId, endpointId))
        .returning();
      return row;
    },

    /**
     * Records an event for every enabled endpoint of the partner subscribed to its type, in
     * one statement on `on` (the caller's transaction): the event's row only when some
     * endpoint wants it (most changes concern no endpoint: one read, nothing written), one
     * delivery per endpoint. Answers the deliveries.
     */
    async recordEvent(
      on: Tx,
      event: { partnerId: string; type: WebhookEventType; body: string; at: Date },
    ): Promise<string[]> {
      const { rows } = await on.execute<{ id: string }>(sql`
        with targets as (
          select ${webhookEndpoints.id} as id from ${webhookEndpoints}
           where ${webhookEndpoints.partnerId} = ${event.partnerId}
             and ${webhookEndpoints.enabled}
             and ${webhookEndpoints.deletedAt} is null
             and ${event.type} = any(${webhookEndpoints.events})),
        event as (
          insert into ${webhookEvents} (partner_id, type, body, created_at)
          select ${event.partnerId}, ${event.type}, ${event.body}, ${event.at}
           where exists (select from targets)
          returning id)
        insert into ${webhookDeliveries} (event_id, endpoint_id, created_at, updated_at)
        select event.id, targets.id, ${event.at}, ${event.at} from event, targets
        returning id`);
      return rows.map((row) => row.id);
    },

    /** A delivery with its event and endpoint, whatever their state. */
    async work(deliveryId: string): Promise<DeliveryWork | undefined> {
      const [row] = await db
        .select({
          delivery: webhookDeliveries,
          type: webhookEvents.type,
          body: webhookEvents.body,
          endpoint: webhookEndpoints,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, deliveryId));
      return row;
    },

    /**
     * Records an attempt, numbered within its series, and the delivery's outcome when `ends`
     * says this attempt (by its number) ends the series, together; the delivery changes only
     * while that series is pending. Answers the attempt's number.
     */
    async recordAttempt(
      attempt: NewAttempt,
      ends: (attempt: number) => Exclude<WebhookDeliveryStatus, 'pending'> | undefined,
      now: Date,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(webhookAttempts)
          .values({
            ...attempt,
            attempt: sql`(select coalesce(max(${webhookAttempts.attempt}), 0) + 1
                            from ${webhookAttempts}
                           where ${webhookAttempts.deliveryId} = ${attempt.deliveryId}
                             and ${webhookAttempts.series} = ${attempt.series})`,
          })
          .returning({ attempt: webhookAttempts.attempt });
        const outcome = ends(row!.attempt);
        if (outcome)
          await tx
            .update(webhookDeliveries)
            .set({ status: outcome, updatedAt: now })
            .where(
              and(
                eq(webhookDeliveries.id, attempt.deliveryId),
                eq(webhookDeliveries.series, attempt.series),
                eq(webhookDeliveries.status, 'pending'),
              ),
            );
        return row!.attempt;
      });
    },

    /**
     * An endpoint's deliveries, newest first, after `cursor` (a delivery of this endpoint:
     * the last of the previous page), with their attempts and event types.
     */
    async deliveries(
      endpointId: string,
      options: { status?: WebhookDeliveryStatus | undefined; cursor?: string; limit: number },
    ) {
      const after = options.cursor
        ? db
            .select({ createdAt: webhookDeliveries.createdAt })
            .from(webhookDeliveries)
            .where(
              and(
                eq(webhookDeliveries.id, options.cursor),
                eq(webhookDeliveries.endpointId, endpointId),
              ),
            )
        : undefined;
      const rows = await db
        .select({ delivery: webhookDeliveries, type: webhookEvents.type })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            options.status ? eq(webhookDeliveries.status, options.status) : undefined,
            after && options.cursor
              ? or(
                  lt(webhookDeliveries.createdAt, sql`(${after})`),
                  and(
                    eq(webhookDeliveries.createdAt, sql`(${after})`),
                    lt(webhookDeliveries.id, options.cursor),
                  ),
                )
              : undefined,
          ),
        )
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(options.limit);
      return { rows, attempts: await this.attemptsOf(rows.map((row) => row.delivery.id)) };
    },

    /** One delivery of the endpoint, with its event type; another endpoint's is none. */
    async findDelivery(endpointId: string, deliveryId: string) {
      const [row] = await db
        .select({ delivery: webhookDeliveries, type: webhookEvents.type })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(
          and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)),
        );
      return row;
    },

    /** The attempts of these deliveries, in order. */
    async attemptsOf(deliveryIds: string[]): Promise<AttemptRow[]> {
      if (deliveryIds.length === 0) return [];
      return db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, deliveryIds))
        .orderBy(asc(webhookAttempts.series), asc(webhookAttempts.attempt));
    },

    /**
     * Starts a delivery's next series, only from an ended one (a conditional update: of two
     * replays at once, one starts it), its job queued in the same transaction. Answers it, or
     * undefined when it is still pending.
     */
    async replay(
      deliveryId: string,
      now: Date,
      queue: (series: number) => ReturnType<typeof sql>,
    ): Promise<DeliveryRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(webhookDeliveries)
          .set({
            status: 'pending',
            series: sql`${webhookDeliveries.series} + 1`,
            updatedAt: now,
          })
          .where(
            and(
              eq(webhookDeliveries.id, deliveryId),
              sql`${webhookDeliveries.status} <> 'pending'`,
            ),
          )
          .returning();
        if (row) await tx.execute(sql`select ${queue(row.series)}`);
        return row;
      });
    },
  };
}
export type WebhooksRepo = ReturnType<typeof webhooksRepo>;
