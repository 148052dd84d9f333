import { createHash } from 'node:crypto';
import {
  AppError,
  CONTENT_FALLBACK_LANGUAGE,
  contentLanguageOf,
  type ContentDocument,
  type ContentLanguage,
  type ContentProduct,
  type Faq,
  fillFigures,
  figuresFor,
  type FilledFigures,
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
import { AREA_NAMES } from '@tern/domain/areas';
import { offersArea, type OfferConfig } from '@tern/domain/partners/offers';
import type { Clock } from '../../lib/clock.ts';
import { partnerConfig, type PartnerRow } from '../partners/index.ts';
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

/**
 * The figures a partner's content states (`{{policyCap}}`…), written for a reader: made from
 * its configuration (content/README.md "Figures"), kept per configuration and languages.
 */
const writtenFigures = new Map<string, FilledFigures>();
function figuresOf(partner: PartnerRow, asked: string, textLanguage: string): FilledFigures {
  const key = `${asked}/${textLanguage}/${JSON.stringify(partner.config)}`;
  let figures = writtenFigures.get(key);
  if (!figures) {
    // A bound on what changing configurations can leave behind.
    if (writtenFigures.size >= 500) writtenFigures.clear();
    figures = figuresFor(partnerConfig(partner), asked, textLanguage);
    writtenFigures.set(key, figures);
  }
  return figures;
}

/**
 * An answer's tag: its rows' files and the figures filled into them, so that a change of the
 * partner's rules is a new answer as much as a changed file is.
 */
const filledTag = (rows: { hash: string }[], figures: FilledFigures) =>
  tagOf([...rows, { hash: JSON.stringify(figures) }]);

const toDocument = (row: DocumentRow, asked: string, figures: FilledFigures): ContentDocument => ({
  id: row.documentId,
  lang: row.lang,
  fallback: row.lang !== asked,
  title: fillFigures(row.title, figures),
  version: row.version,
  format: 'markdown',
  body: fillFigures(row.body, figures),
});
const toEntry = (row: FaqRow, figures: FilledFigures) => ({
  id: row.slug,
  topic: fillFigures(row.topic, figures),
  question: fillFigures(row.question, figures),
  answer: fillFigures(row.answer, figures),
});
const toArticle = (row: ArticleRow, figures: FilledFigures): PlanArticle => ({
  plan_title: fillFigures(row.planTitle, figures),
  id: row.articleId,
  title: fillFigures(row.title, figures),
  body: fillFigures(row.body, figures),
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

/**
 * The portal's texts, fixed for the process's life. A partner's portal gets the namespaces of
 * the areas its configuration offers (and the shell's): another area's texts would be bytes
 * every first visit downloads for pages that portal never shows.
 */
const builtTranslations = new Map<string, Tagged<TranslationFile>>();
export function translations(
  file: TranslationFileName,
  config?: OfferConfig,
): Tagged<TranslationFile> {
  const offered = config ? AREA_NAMES.filter((area) => offersArea(config, area)) : AREA_NAMES;
  const key = `${file}\n${offered.join(',')}`;
  const built = builtTranslations.get(key);
  if (built) return built;
  const whole = translationFile(languageOfTranslationFile(file));
  const value = Object.fromEntries(
    Object.entries(whole).filter(
      ([namespace]) =>
        !(AREA_NAMES as readonly string[]).includes(namespace) ||
        (offered as readonly string[]).includes(namespace),
    ),
  ) as TranslationFile;
  const tagged = { value, etag: tagOf([{ hash: JSON.stringify(value) }]) };
  builtTranslations.set(key, tagged);
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
    const figures = figuresOf(partner, lang, row.lang);
    return { value: toDocument(row, lang, figures), etag: filledTag([row], figures) };
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
        if (rows.length === 0) continue;
        const figures = figuresOf(partner, key.lang, lang);
        return {
          value: {
            ...key,
            lang,
            fallback: lang !== key.lang,
            entries: rows.map((row) => toEntry(row, figures)),
          },
          etag: filledTag(rows, figures),
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
      const asked = contentLanguageOf(locale);
      let rows: ArticleRow[] = [];
      let found: string = asked;
      for (const lang of languagesFor(asked)) {
        rows = await repo.articles(bundle, lang);
        found = lang;
        if (rows.length > 0) break;
      }
      const figures = figuresOf(partner, asked, found);
      return {
        value: rows.map((row) => toArticle(row, figures)),
        etag: filledTag(rows, figures),
      };
    },

    /** Reads the content folder and makes the database hold exactly it (import.ts). */
    async importFolder(root: string): Promise<ImportCounts> {
      return repo.importAll(readContent(root), clock.now());
    },
  };
}
export type ContentService = ReturnType<typeof contentService>;
