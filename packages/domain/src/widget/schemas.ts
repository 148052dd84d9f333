import { z } from 'zod';
import { MAX_EMBEDDING_ORIGINS, embeddingOriginSchema } from '../rules/origin.ts';
import { WIDGET_PANEL_NAMES, type WidgetPanel } from './panels.ts';

export const widgetPanelSchema = z.enum(WIDGET_PANEL_NAMES as [WidgetPanel, ...WidgetPanel[]]);

/**
 * `GET`/`PUT /platform/partners/{partnerId}/widget/origins`: the partner's embedding origins,
 * the whole list (production further requires https: 400 EMBEDDING_ORIGIN_INSECURE).
 */
export const embeddingOriginsSchema = z
  .object({ origins: z.array(embeddingOriginSchema).max(MAX_EMBEDDING_ORIGINS) })
  .meta({ id: 'WidgetEmbeddingOrigins' });
export type EmbeddingOrigins = z.infer<typeof embeddingOriginsSchema>;

/**
 * The admin console's form adding one embedding origin. Its field bears the list's name, so
 * the API's refusal of the list (EMBEDDING_ORIGIN_INSECURE on `origins`) lands on the input.
 */
export const embeddingOriginFormSchema = z.object({ origins: embeddingOriginSchema });
export type EmbeddingOriginFormValues = z.input<typeof embeddingOriginFormSchema>;

/** `POST /platform/widget/sessions` (spec 2 §7 "Widget login with access token"). */
export const widgetSessionRequestSchema = z
  .object({ token: z.string().min(10).max(4096) })
  .meta({ id: 'WidgetSessionRequest' });

export const widgetSessionSchema = z
  .object({
    userId: z.uuid(),
    accessToken: z.string(),
    expiresAt: z.iso.datetime(),
    /** The partner page allowed to frame this session's panels: postMessage's target. */
    origin: embeddingOriginSchema,
    /** The panels the token opens; the others show the insufficient-privilege notice. */
    panels: z.array(widgetPanelSchema),
  })
  .meta({ id: 'WidgetSession' });
export type WidgetSession = z.infer<typeof widgetSessionSchema>;
