import type { TextLanguage } from '@tern/domain/constants';
import { isTextLanguage } from '@tern/domain/i18n/languages';
import { storedValue } from '../../lib/storage.ts';

/** The visitor's language choice, kept across visits (spec 1 §4 "Persistence": language). */
export const languageStore = storedValue<TextLanguage>('language', (raw) =>
  isTextLanguage(raw) ? raw : undefined,
);
