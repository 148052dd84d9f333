import { themeConfigSchema, type ThemeConfig } from '@tern/domain/partners/config';
import { isRecord } from '../../lib/is-record.ts';

/**
 * A fetched theme config, checked against the domain schema. Anything else fails with
 * "invalid response" (spec 1 §4). Loaded only when a config is fetched, to keep zod out of
 * the first download.
 */
export function checkThemeConfig(raw: unknown): ThemeConfig {
  if (!isRecord(raw)) throw new Error('invalid response');
  const parsed = themeConfigSchema.safeParse(raw);
  if (!parsed.success) throw new Error('invalid response', { cause: parsed.error });
  return parsed.data;
}
