import { defineContracts } from '../contract.ts';
import { translationsRoute } from '../i18n/contracts.ts';
import {
  articlesParamsSchema,
  contentDocumentSchema,
  contentPartnerQuerySchema,
  documentLangParamsSchema,
  documentParamsSchema,
  faqParamsSchema,
  faqSchema,
  planArticlesSchema,
  translationFileSchema,
  translationParamsSchema,
} from './schemas.ts';

const cached =
  'Help content is cached for 24 hours (Cache-Control); the answer carries an ETag, and a ' +
  'request with its If-None-Match answers 304.';

/** Help content (spec 1 §7 "Content"): a partner reads its own bundle only. */
export const contentContracts = defineContracts('content', {
  document: {
    method: 'GET',
    path: '/cms/documents/{id}/{lang}',
    summary: "A document of the partner's bundle in a language",
    description:
      'A document missing in the language is answered in EN, with fallback true. Reference ' +
      'documents are the same for every partner, as JSON: countries (names in EN, ES, FR, DE, ' +
      `IT, PT, TR), nationalities (EN, ES, FR), airport_lookup_list. ${cached}`,
    access: 'apiKey',
    owner: { partner: 'query.partnerId' },
    params: documentLangParamsSchema,
    query: contentPartnerQuerySchema,
    responses: { 200: contentDocumentSchema },
    errors: [400, 401, 404],
  },
  documentAnyLanguage: {
    method: 'GET',
    path: '/cms/documents/{id}',
    summary: "A document of the partner's bundle in EN, or shared reference data",
    description: `Reference documents (airport_lookup_list) are the same for every partner. ${cached}`,
    access: 'apiKey',
    params: documentParamsSchema,
    responses: { 200: contentDocumentSchema },
    errors: [400, 401, 404],
  },
  faq: {
    method: 'GET',
    path: '/cms/faq/{product}/{bundle}/{version}/{lang}',
    summary: "A product's frequently asked questions in a language",
    description: `Questions missing in the language are answered in EN, with fallback true. ${cached}`,
    access: 'apiKey',
    owner: { partner: 'query.partnerId' },
    params: faqParamsSchema,
    query: contentPartnerQuerySchema,
    responses: { 200: faqSchema },
    errors: [400, 401, 404],
  },
  articles: {
    method: 'GET',
    path: '/cms/{bundle}/v1/{locale}',
    summary: "The plan articles of the partner's bundle for a locale",
    description: `Chosen by the locale's language, else EN. ${cached}`,
    access: 'apiKey',
    params: articlesParamsSchema,
    responses: { 200: planArticlesSchema },
    errors: [400, 401, 404],
  },
  translations: {
    ...translationsRoute,
    summary: "The portal's texts in one language, a namespace per area",
    description:
      'Files: english, spanish, chinese, french, portuguese, mexican, german, italian, ' +
      'turkish, pseudo (English accented and lengthened, made from the English texts). ' +
      "Complete: a text a language lacks is its standard language's (Mexican: Spanish; the " +
      'others: English), then pseudo. The namespaces of the areas the partner offers and the ' +
      "shell's; cached 24 hours " +
      '(Cache-Control), with an ETag (If-None-Match answers 304).',
    access: 'apiKey',
    params: translationParamsSchema,
    responses: { 200: translationFileSchema },
    errors: [400, 401],
  },
});
