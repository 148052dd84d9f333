import { createHash } from 'node:crypto';
import {
  AppError,
  CONTENT_FALLBACK_LANGUAGE,
  contentLanguageOf,
  type ContentDocument,
  type ContentLanguage,
  type ContentProduct,
  type Faq,
  languageOfTranslationFile,
  type PlanArticle,
  type TranslationFile,
  type TranslationFileName,
} from '@tern/domain';
import { NATIONALITIES_VERSION, PSEUDO_LANGUAGE } from '@tern/domain/constants';
import { fallbacksOf } from '@tern/domain/i18n/languages';
import { AIRPORT_LOOKUP_DOCUMENT, airportLookupList } from '@tern/domain/reference/airports';
import {
  countryNames,
  isCountryNameLanguage,
  isNationalityLanguage,
  nationalities,
} from '@tern/domain/reference/countries';
import { translationFile } from '@tern/domain/i18n/catalogue';
import type { Clock } from '../../lib/clock.ts';
import type { PartnerRow } from '../partners/index.ts';
import { readContent } from './import.ts';
import type { ArticleRow, ContentRepo, DocumentRow, FaqRow, ImportCounts } from './repo.ts';

/** An answer and the ETag of what it was made from. */
export interface Tagged<T> {
  value: T;
  etag: string;
}

/** One tag for a list: it changes when any row of it does. */
const tagOf = (rows: { hash: string }[]) =>
  createHash('sha256')
    .update(rows.map((r) => r.hash).join(','))
    .digest('base64url')
    .slice(0, 27);

/**
 * The language asked, then its standard language (Mexican: Spanish), then EN: content is
 * written in EN first. (The texts' last fallback, pseudo, is not a content language.)
 */
const languagesFor = (lang: ContentLanguage): ContentLanguage[] => [
  lang,
  ...fallbacksOf(lang).filter(
    (fallback): fallback is ContentLanguage => fallback !== PSEUDO_LANGUAGE,
  ),
];

const toDocument = (row: DocumentRow, asked: string): ContentDocument => ({
  id: row.documentId,
  lang: row.lang,
  fallback: row.lang !== asked,
  title: row.title,
  version: row.version,
  format: 'markdown',
  body: row.body,
});
const toEntry = (row: FaqRow) => ({
  id: row.slug,
  topic: row.topic,
  question: row.question,
  answer: row.answer,
});
const toArticle = (row: ArticleRow): PlanArticle => ({
  plan_title: row.planTitle,
  id: row.articleId,
  title: row.title,
  body: row.body,
});

/** A JSON reference document in a language: `fallback` when it is another than asked. */
function jsonDocument(
  id: string,
  title: string,
  version: string,
  data: unknown,
  lang: string,
  asked: string,
): Tagged<ContentDocument> {
  const body = JSON.stringify(data);
  const etag = tagOf([{ hash: body }]);
  return {
    value: { id, lang, fallback: lang !== asked, title, version, format: 'json', body },
    etag,
  };
}

/**
 * Reference documents are the same for every partner and made from data sets, not files:
 * the airport lookup list (spec 2 §3: value and label), country names (spec 1 §1: seven
 * languages) and the nationalities list (spec 1 §9, version v1). Built once per language.
 */
const referenceDocuments: Record<string, (asked: ContentLanguage) => Tagged<ContentDocument>> = {
  [AIRPORT_LOOKUP_DOCUMENT]: (asked) =>
    jsonDocument(
      AIRPORT_LOOKUP_DOCUMENT,
      'Airports',
      'openflights',
      airportLookupList(),
      CONTENT_FALLBACK_LANGUAGE,
      asked,
    ),
  countries: (asked) => {
    const lang = languagesFor(asked).find(isCountryNameLanguage) ?? CONTENT_FALLBACK_LANGUAGE;
    return jsonDocument('countries', 'Countries', 'iso-3166', countryNames(lang), lang, asked);
  },
  nationalities: (asked) => {
    const lang = languagesFor(asked).find(isNationalityLanguage) ?? CONTENT_FALLBACK_LANGUAGE;
    return jsonDocument(
      'nationalities',
      'Nationalities',
      NATIONALITIES_VERSION,
      nationalities(lang),
      lang,
      asked,
    );
  },
};
const builtReferences = new Map<string, Tagged<ContentDocument>>();
const referenceDocument = (id: string, asked: ContentLanguage) => {
  const build = Object.hasOwn(referenceDocuments, id) ? referenceDocuments[id] : undefined;
  if (!build) return undefined;
  const key = `${id}/${asked}`;
  if (!builtReferences.has(key)) builtReferences.set(key, build(asked));
  return builtReferences.get(key);
};

/** The portal's texts are the same for every partner and fixed for the process's life. */
const builtTranslations = new Map<TranslationFileName, Tagged<TranslationFile>>();
function translations(file: TranslationFileName): Tagged<TranslationFile> {
  const built = builtTranslations.get(file);
  if (built) return built;
  const value = translationFile(languageOfTranslationFile(file));
  const tagged = { value, etag: tagOf([{ hash: JSON.stringify(value) }]) };
  builtTranslations.set(file, tagged);
  return tagged;
}

/** Help content: a partner reads its own CMS bundle, in a language or else in EN. */
export function contentService(deps: { repo: ContentRepo; clock: Clock }) {
  const { repo, clock } = deps;

  /** A bundle named in a path must be the caller's: another partner's reads as absent. */
  const ownBundle = (partner: PartnerRow, bundle: string) => {
    if (bundle !== partner.cmsBundle)
      throw new AppError('BUNDLE_NOT_FOUND', { message: `No content bundle ${bundle}` });
  };

  async function document(
    partner: PartnerRow,
    id: string,
    lang: ContentLanguage,
  ): Promise<Tagged<ContentDocument>> {
    const reference = referenceDocument(id, lang);
    if (reference) return reference;
    const row = await repo.documentIn(partner.cmsBundle, id, languagesFor(lang));
    if (!row) throw new AppError('DOCUMENT_NOT_FOUND', { message: `No document ${id}` });
    return { value: toDocument(row, lang), etag: row.hash };
  }

  return {
    document,
    translations,

    documentAnyLanguage: (partner: PartnerRow, id: string) =>
      document(partner, id, CONTENT_FALLBACK_LANGUAGE),

    async faq(
      partner: PartnerRow,
      key: { product: ContentProduct; bundle: string; version: string; lang: ContentLanguage },
    ): Promise<Tagged<Faq>> {
      ownBundle(partner, key.bundle);
      for (const lang of languagesFor(key.lang)) {
        const rows = await repo.questions({ ...key, lang });
        if (rows.length > 0)
          return {
            value: { ...key, lang, fallback: lang !== key.lang, entries: rows.map(toEntry) },
            etag: tagOf(rows),
          };
      }
      throw new AppError('PRODUCT_NOT_FOUND', {
        message: `No questions for ${key.product} ${key.version} in ${key.bundle}`,
      });
    },

    async articles(
      partner: PartnerRow,
      bundle: string,
      locale: string,
    ): Promise<Tagged<PlanArticle[]>> {
      ownBundle(partner, bundle);
      let rows: ArticleRow[] = [];
      for (const lang of languagesFor(contentLanguageOf(locale))) {
        rows = await repo.articles(bundle, lang);
        if (rows.length > 0) break;
      }
      return { value: rows.map(toArticle), etag: tagOf(rows) };
    },

    /** Reads the content folder and makes the database hold exactly it (import.ts). */
    async importFolder(root: string): Promise<ImportCounts> {
      return repo.importAll(readContent(root), clock.now());
    },
  };
}
export type ContentService = ReturnType<typeof contentService>;
