import type { TextLanguage } from '@tern/domain/constants';
import { translationFile } from '@tern/domain/i18n/catalogue';
import type { TranslationSource } from '../app/i18n/translations.ts';

/**
 * The texts the API serves from the theme path, read from the catalogue it serves them from
 * (component tests have no API; the theme-path fetch has its own tests).
 */
export const catalogueTranslations: TranslationSource = async (language: TextLanguage) =>
  translationFile(language);
