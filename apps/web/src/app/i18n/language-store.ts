import type { Language } from '@tern/domain/constants';
import { storedValue } from '../../lib/storage.ts';
import { isLanguage } from './language.ts';

/** The visitor's language choice, kept across visits (spec 1 §4 "Persistence": language). */
export const languageStore = storedValue<Language>('language', (raw) =>
  isLanguage(raw) ? raw : undefined,
);
