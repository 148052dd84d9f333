import { CARD_FRAME_SOURCE, type CardFrameEvent } from '@tern/domain/monitoring/schemas';
import { z } from 'zod';

/**
 * The card-entry frame's events (spec 1 §4 "card capture events") as the portal reads them:
 * whatever else arrives by `postMessage`, even from the frame's origin, is not one.
 */
const event = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ source: z.literal(CARD_FRAME_SOURCE), ...shape });
const messageKey = z.string().max(80).nullable();

export const cardFrameEventSchema = z.discriminatedUnion('type', [
  event({ type: z.literal('ready') }),
  event({ type: z.literal('focus'), focused: z.boolean() }),
  event({ type: z.literal('change'), empty: z.boolean(), error: messageKey }),
  event({ type: z.literal('validation'), valid: z.boolean(), error: messageKey }),
  event({
    type: z.literal('post'),
    success: z.boolean(),
    token: z.string().max(100).nullable(),
    displayValue: z.string().max(32).nullable(),
    error: messageKey,
  }),
  event({ type: z.literal('resize'), height: z.number().min(0).max(10_000) }),
]) satisfies z.ZodType<CardFrameEvent>;
