import { z } from 'zod';

/** The longest origin a page may have (scheme, host and port): a host name is at most 253. */
export const ORIGIN_MAX_LENGTH = 255;

/**
 * An embedding origin: scheme, host and port exactly as a browser writes `event.origin` and
 * `frame-ancestors` compares it (no path, no trailing slash, lower case).
 */
export const embeddingOriginSchema = z
  .string()
  .max(ORIGIN_MAX_LENGTH)
  .regex(
    /^https?:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$/,
    'validation.embedding_origin',
  );

/** How many pages of its own a partner may let embed the widget. */
export const MAX_EMBEDDING_ORIGINS = 20;

/** What the origin rule answers (the `validation` namespace). */
export const originValidationKeys = ['embedding_origin'] as const;
