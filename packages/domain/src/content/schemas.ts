import { z } from 'zod';
import {
  PARTNER_ID_MAX_LENGTH,
  TRANSLATION_FILES,
  TRANSLATION_LANGUAGES,
  type TextLanguage,
} from '../constants.ts';
import { isTranslationLanguage } from '../i18n/languages.ts';
import { partnerIdSchema, type PartnerMode } from '../partners/index.ts';

/**
 * Help content (spec 1 §3 "Help content", §7 "Content"): documents, frequently asked
 * questions and plan articles, per partner CMS bundle and language.
 */

/** The language content is written in first, and falls back to. */
export const CONTENT_FALLBACK_LANGUAGE = 'en';
/** The products a bundle's questions are filed under. */
export const CONTENT_PRODUCTS = ['travel', 'parametric', 'monitoring'] as const;
export type ContentProduct = (typeof CONTENT_PRODUCTS)[number];
/** The questions a partner's portal shows: its configuration's product. */
export const contentProductFor = (mode: PartnerMode): ContentProduct =>
  mode === 'default' ? 'travel' : mode;
/** The version of the questions the portal reads. */
export const FAQ_VERSION = 'v1';

export {
  CONTENT_PAGES,
  isDocumentId,
  PARTNER_DOCUMENTS,
  type ContentPage,
  type DocumentId,
} from './pages.ts';

const slug = (max: number) =>
  z
    .string()
    .regex(new RegExp(`^[a-z0-9][a-z0-9_-]{0,${max - 1}}$`), { error: 'validation.invalid' });

/** A content language: any language translations exist for (spec 2 §9); others are 400. */
export const contentLanguageSchema = z.enum(TRANSLATION_LANGUAGES, { error: 'validation.invalid' });
export type ContentLanguage = z.infer<typeof contentLanguageSchema>;
export const documentIdSchema = slug(64);
export const bundleSchema = slug(64);
export const contentVersionSchema = z.string().regex(/^v\d{1,3}$/, { error: 'validation.invalid' });
/** `en-CA`, `fr`, `es_MX`: the language is what content is chosen by. */
export const contentLocaleSchema = z
  .string()
  .regex(/^[a-zA-Z]{2}([-_][a-zA-Z]{2})?$/, { error: 'validation.invalid' });

export const documentParamsSchema = z.object({ id: documentIdSchema });
export const documentLangParamsSchema = z.object({
  id: documentIdSchema,
  lang: contentLanguageSchema,
});
export const faqParamsSchema = z.object({
  product: z.enum(CONTENT_PRODUCTS, { error: 'validation.invalid' }),
  bundle: bundleSchema,
  version: contentVersionSchema,
  lang: contentLanguageSchema,
});
export const articlesParamsSchema = z.object({ bundle: bundleSchema, locale: contentLocaleSchema });
/** `?partnerId`: the caller's own partner (the api-key's); left out, it is assumed. */
export const contentPartnerQuerySchema = z.object({
  partnerId: z.string().min(1).max(PARTNER_ID_MAX_LENGTH).optional(),
});

/** A document's text is Markdown; reference data (airport list) is a JSON string. */
export const CONTENT_FORMATS = ['markdown', 'json'] as const;

export const contentDocumentSchema = z.object({
  id: z.string(),
  /** The language of the text: the asked one, or EN when it is missing there. */
  lang: z.string(),
  /** True when the asked language has no such document and EN is answered instead. */
  fallback: z.boolean(),
  title: z.string(),
  /** Changes when the text does: a user accepts terms of one version. */
  version: z.string(),
  format: z.enum(CONTENT_FORMATS),
  body: z.string(),
});
export type ContentDocument = z.infer<typeof contentDocumentSchema>;

export const faqEntrySchema = z.object({
  id: z.string(),
  topic: z.string(),
  question: z.string(),
  /** Markdown. */
  answer: z.string(),
});
export type FaqEntry = z.infer<typeof faqEntrySchema>;

export const faqSchema = z.object({
  product: z.enum(CONTENT_PRODUCTS),
  bundle: z.string(),
  version: z.string(),
  lang: z.string(),
  fallback: z.boolean(),
  entries: z.array(faqEntrySchema),
});
export type Faq = z.infer<typeof faqSchema>;

/** Spec 1 §3: plan articles carry plan_title, id and title. */
export const planArticleSchema = z.object({
  plan_title: z.string(),
  id: z.string(),
  title: z.string(),
  /** Markdown. */
  body: z.string(),
});
export type PlanArticle = z.infer<typeof planArticleSchema>;
export const planArticlesSchema = z.array(planArticleSchema);

/** The language content is chosen by: `fr-CA` → `fr`; one without content → EN. */
export const contentLanguageOf = (locale: string): ContentLanguage => {
  const language = locale.slice(0, 2).toLowerCase();
  return isTranslationLanguage(language) ? language : CONTENT_FALLBACK_LANGUAGE;
};

/**
 * The body of the reference documents `countries` and `nationalities` (JSON): a country's
 * ISO 3166-1 alpha-2 code and its name, sorted for the language.
 */
export const namedCountrySchema = z.object({ code: z.string().length(2), name: z.string() });
export type NamedCountry = z.infer<typeof namedCountrySchema>;
export const countryListSchema = z.array(namedCountrySchema);

// ── The portal's texts (spec 2 §7, §9) ─────────────────────────────────────────────────

/** Texts of one namespace: nested keys, i18next JSON. */
export type Texts = { [key: string]: string | Texts };
const textsSchema: z.ZodType<Texts> = z.lazy(() =>
  z.record(z.string(), z.union([z.string(), textsSchema])),
);
/** A translation file: one namespace per area, plus the shell's (`translation`). */
export const translationFileSchema = z
  .record(z.string(), textsSchema)
  .meta({ id: 'TranslationFile' });
export type TranslationFile = z.infer<typeof translationFileSchema>;

const translationFileNames = Object.values(TRANSLATION_FILES);
export const translationFileNameSchema = z.enum(
  translationFileNames as [(typeof translationFileNames)[number], ...typeof translationFileNames],
  { error: 'validation.invalid' },
);
export type TranslationFileName = z.infer<typeof translationFileNameSchema>;
/** The text language a translation file holds (`mexican` → `mx`). */
export const languageOfTranslationFile = (file: TranslationFileName): TextLanguage =>
  (Object.keys(TRANSLATION_FILES) as TextLanguage[]).find(
    (language) => TRANSLATION_FILES[language] === file,
  )!;
export const translationParamsSchema = z.object({
  theme: partnerIdSchema,
  file: translationFileNameSchema,
});
