import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  apiErrorSchema,
  CONTENT_PAGES,
  isDocumentId,
  contentContracts,
  contentDocumentSchema,
  fillFigures,
  figuresFor,
  translationFileSchema,
  faqSchema,
  LANGUAGES,
  partnerConfigSchema,
  STANDARD_LANGUAGES,
  type TranslationLanguage,
  planArticlesSchema,
  type PartnerConfigOverrides,
} from '@tern/domain';
import { useTestApp } from '../../../test/app.ts';
import { keyOf } from '../../../test/accounts.ts';
import { urlOf } from '../../../test/urls.ts';
import { systemClock } from '../../lib/clock.ts';
import { demoPartners } from '../../seed/demo-world.ts';
import { partners } from '../partners/tables.ts';
import { CONTENT_ROOT, ContentImportError, readContent } from './import.ts';
import { contentRepo } from './repo.ts';
import { contentService, translations } from './service.ts';

/** A content folder in a temporary directory: path → text. */
function folderWith(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'tern-content-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
const doc = (title: string, body: string, version = '2026-11-01') =>
  `---\ntitle: ${title}\nversion: ${version}\n---\n\n${body}\n`;
const question = (q: string, answer: string, topic = 'Delays') =>
  `---\nquestion: ${q}\ntopic: ${topic}\n---\n\n${answer}\n`;
const article = (title: string, body: string) =>
  `---\nplan_title: Skyward Flight Cover\ntitle: ${title}\n---\n\n${body}\n`;

const B = 'skyward-travel';
const fixture = {
  [`${B}/documents/terms/en.md`]: doc('Terms of use', 'You agree to **these** terms.'),
  [`${B}/documents/terms/fr.md`]: doc('Conditions d’utilisation', 'Vous acceptez ces conditions.'),
  [`${B}/faq/travel/v1/en/01-delay.md`]: question('What if my flight is late?', 'A lounge pass.'),
  [`${B}/faq/travel/v1/en/02-cash.md`]: question('When is cash paid?', 'Within 5 days.', 'Cash'),
  [`${B}/faq/travel/v1/es/01-delay.md`]: question('¿Y si mi vuelo se retrasa?', 'Un pase.'),
  // Any language of the portal's texts, not only the interface's three.
  [`${B}/documents/terms/zh.md`]: doc('使用条款', '您同意这些条款。'),
  [`${B}/articles/en/lounge-access.md`]: article('Lounge access', 'Sixty minutes.'),
  // Another partner's bundle: never answered to the travel partner.
  ['harbour-business/documents/terms/en.md']: doc('Harbour terms', 'Harbour only.'),
};

describe('reading content files', () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true });
  });
  const read = (files: Record<string, string>) => {
    const root = folderWith(files);
    roots.push(root);
    return () => readContent(root);
  };

  it('reads documents, questions and articles with their front matter', () => {
    const files = read(fixture)();
    expect(files).toHaveLength(8);
    expect(files.find((f) => f.source === `${B}/documents/terms/zh.md`)).toMatchObject({
      lang: 'zh',
      title: '使用条款',
    });
    expect(files.find((f) => f.source === `${B}/documents/terms/en.md`)).toMatchObject({
      kind: 'document',
      documentId: 'terms',
      lang: 'en',
      title: 'Terms of use',
      // YAML reads 2026-11-01 as a date: kept as written.
      version: '2026-11-01',
      body: 'You agree to **these** terms.',
    });
    expect(files.find((f) => f.source.endsWith('02-cash.md'))).toMatchObject({
      kind: 'question',
      product: 'travel',
      version: 'v1',
      slug: '02-cash',
      topic: 'Cash',
      answer: 'Within 5 days.',
    });
  });

  it('names every bad file and reads nothing', () => {
    const bad = read({
      ...fixture,
      [`${B}/documents/privacy/en.md`]: '---\ntitle: Privacy\n---\n\nNo version.\n',
      [`${B}/faq/travel/v1/en/03-x.md`]: '---\nquestion: [unclosed\n---\n\nText\n',
      [`${B}/faq/cruise/v1/en/01-x.md`]: question('Q', 'A'),
      [`${B}/documents/terms/xx.md`]: doc('T', 'B'),
      [`${B}/notes.md`]: 'stray',
      [`${B}/articles/en/empty.md`]: article('Empty', ''),
      [`${B}/articles/en/titled.md`]: article('Titled', '# Titled again\n\nText.'),
    });
    let error: unknown;
    try {
      bad();
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ContentImportError);
    const { problems } = error as ContentImportError;
    expect(problems).toHaveLength(7);
    for (const file of [
      'documents/privacy/en.md: version',
      'faq/travel/v1/en/03-x.md: front matter is not valid YAML',
      'faq/cruise/v1/en/01-x.md has an invalid product',
      'documents/terms/xx.md has an invalid lang',
      'notes.md is not where content goes',
      'articles/en/empty.md: the text is empty',
      'articles/en/titled.md: a level-1 heading',
    ])
      expect(problems.some((p) => p.includes(file))).toBe(true);
  });
});

describe('placeholders', () => {
  it('refuses a file naming a figure that does not exist, naming the file and the placeholder', () => {
    const root = folderWith({
      ...fixture,
      [`${B}/faq/travel/v1/en/03-cap.md`]: question(
        'What is the cap?',
        'Cash up to {{policyCap}} per policy, {{cashPerPassenger}} a head.',
      ),
      [`${B}/documents/key-facts/en.md`]: doc(
        'Key facts {{ policyCap }}',
        'A lounge from {{loungeFrom}}.',
      ),
    });
    let error: unknown;
    try {
      readContent(root);
    } catch (thrown) {
      error = thrown;
    }
    rmSync(root, { recursive: true });
    expect(error).toBeInstanceOf(ContentImportError);
    expect((error as ContentImportError).problems).toEqual([
      `${B}/documents/key-facts/en.md: unknown placeholder {{ policyCap }} (content/README.md lists the figures)`,
      `${B}/faq/travel/v1/en/03-cap.md: unknown placeholder {{cashPerPassenger}} (content/README.md lists the figures)`,
    ]);
  });
});

describe('help content', () => {
  const t = useTestApp();
  const key = keyOf('travel');
  let root: string;
  const service = () => contentService({ repo: contentRepo(t.database.db), clock: systemClock });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { ...key, ...headers } });

  beforeAll(async () => {
    root = folderWith(fixture);
    await service().importFolder(root);
  });
  afterAll(() => rmSync(root, { recursive: true }));

  it('answers a document in the asked language, cacheable for 24 hours with an ETag', async () => {
    const res = await get(urlOf(contentContracts.document, { id: 'terms', lang: 'fr' }));
    expect(res.statusCode).toBe(200);
    expect(contentDocumentSchema.parse(res.json())).toEqual({
      id: 'terms',
      lang: 'fr',
      fallback: false,
      title: 'Conditions d’utilisation',
      version: '2026-11-01',
      format: 'markdown',
      body: 'Vous acceptez ces conditions.',
    });
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(urlOf(contentContracts.document, { id: 'terms', lang: 'fr' }), {
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 304 to HEAD too and the whole answer to another ETag, keeping the tag of its sources', async () => {
    const url = urlOf(contentContracts.translations, { theme: 'travel', file: 'french' });
    const res = await get(url);
    // The texts' tag, worked out once (service.ts), not a hash of this body per request.
    expect(res.headers.etag).toBe(
      `"${translations('french', partnerConfigSchema.parse(demoPartners.find((p) => p.id === 'travel')!.config)).etag}"`,
    );
    const head = await t.app.inject({
      method: 'HEAD',
      url,
      headers: { ...key, 'if-none-match': res.headers.etag as string },
    });
    expect(head.statusCode).toBe(304);
    const stale = await get(url, { 'if-none-match': '"an-older-tag"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(res.json());
    expect(stale.headers.etag).toBe(res.headers.etag);
  });

  it('falls back to EN when the language has no such document, and says so', async () => {
    const res = await get(urlOf(contentContracts.document, { id: 'terms', lang: 'de' }));
    expect(res.json()).toMatchObject({ lang: 'en', fallback: true, title: 'Terms of use' });
    const any = await get(urlOf(contentContracts.documentAnyLanguage, { id: 'terms' }));
    expect(any.json()).toMatchObject({ lang: 'en', fallback: false });
  });

  it('serves the portal texts per language from the theme path, a day cacheable', async () => {
    const url = (file: string, theme = 'travel') =>
      urlOf(contentContracts.translations, { theme, file });
    const french = await get(url('french'));
    expect(french.statusCode).toBe(200);
    // Per partner (its areas' namespaces): no shared cache may hand it to another.
    expect(french.headers['cache-control']).toBe('private, max-age=86400');
    const texts = translationFileSchema.parse(french.json());
    expect(Object.keys(texts)).toEqual(
      expect.arrayContaining(['translation', 'accounts', 'travel', 'luggage', 'payouts']),
    );
    // Skyward Air sells travel cover: neither parametric claims nor monitoring.
    expect(Object.keys(texts)).not.toContain('claims');
    expect(Object.keys(texts)).not.toContain('monitoring');
    // The emails' and SMS texts are the server's: never in the portal's download.
    expect(Object.keys(texts)).not.toContain('messages');
    expect(texts.translation).toMatchObject({
      app: { close: 'Fermer' },
      errors: { document_not_found: expect.any(String) },
    });
    const again = await get(url('french'), { 'if-none-match': french.headers.etag as string });
    expect(again.statusCode).toBe(304);

    const mexican = translationFileSchema.parse((await get(url('mexican'))).json());
    expect(mexican.translation).toMatchObject({ app: { close: expect.any(String) } });
    const pseudo = translationFileSchema.parse((await get(url('pseudo', 'business'))).json());
    expect(JSON.stringify(pseudo.translation)).toMatch(/\[!!.*!!\]/);

    for (const bad of [url('klingon'), url('english', 'Not A Theme'), url('english.json')])
      expect((await get(bad)).statusCode, bad).toBe(400);
    expect((await t.app.inject({ url: url('english') })).statusCode).toBe(401);
  });

  it('answers the airport lookup list, value and label, to every partner', async () => {
    for (const partnerId of ['travel', 'business']) {
      const res = await t.app.inject({
        url: urlOf(contentContracts.documentAnyLanguage, { id: 'airport_lookup_list' }),
        headers: keyOf(partnerId),
      });
      expect(res.statusCode).toBe(200);
      const document = contentDocumentSchema.parse(res.json());
      expect(document).toMatchObject({ format: 'json', lang: 'en', fallback: false });
      const list = JSON.parse(document.body) as { value: string; label: string }[];
      expect(list.length).toBeGreaterThan(5000);
      expect(list).toContainEqual({
        value: 'YYZ',
        label: 'Toronto, Canada – Lester B. Pearson International Airport (YYZ)',
      });
      expect(res.headers.etag).toBeDefined();
    }
  });

  it('answers country names in seven languages and the nationalities list, else EN', async () => {
    const read = async (id: string, lang: string) =>
      contentDocumentSchema.parse(
        (await get(urlOf(contentContracts.document, { id, lang }))).json(),
      );
    const names = (document: { body: string }) =>
      new Map(
        (JSON.parse(document.body) as { code: string; name: string }[]).map((c) => [
          c.code,
          c.name,
        ]),
      );
    const german = await read('countries', 'de');
    expect(german).toMatchObject({ lang: 'de', fallback: false, format: 'json' });
    expect(names(german).get('ES')).toBe('Spanien');
    expect(names(await read('countries', 'tr')).get('DE')).toBe('Almanya');
    expect(await read('countries', 'zh')).toMatchObject({ lang: 'en', fallback: true });
    const french = await read('nationalities', 'fr');
    expect(french).toMatchObject({ lang: 'fr', version: 'v1' });
    expect(names(french).get('CA')).toBe('Canadien');
    expect(await read('nationalities', 'de')).toMatchObject({ lang: 'en', fallback: true });
    // Mexican Spanish falls back to its standard language before EN.
    const mexican = await read('nationalities', 'mx');
    expect(mexican).toMatchObject({ lang: 'es', fallback: true });
    expect(names(mexican).get('MX')).toBe('Mexicano');
  });

  it('answers its own partner only', async () => {
    const own = await get(
      urlOf(contentContracts.document, { id: 'terms', lang: 'en' }, { partnerId: 'travel' }),
    );
    expect(own.statusCode).toBe(200);
    const other = await get(
      urlOf(contentContracts.document, { id: 'terms', lang: 'en' }, { partnerId: 'business' }),
    );
    expect(other.statusCode).toBe(404);
    expect(apiErrorSchema.parse(other.json()).code).toBe('PARTNER_NOT_FOUND');
    const otherBundle = await get(
      urlOf(contentContracts.faq, {
        product: 'travel',
        bundle: 'harbour-business',
        version: 'v1',
        lang: 'en',
      }),
    );
    expect(otherBundle.statusCode).toBe(404);
    expect(otherBundle.json().code).toBe('BUNDLE_NOT_FOUND');
  });

  it('answers a product’s questions in order, in the language or else EN', async () => {
    const params = { product: 'travel', bundle: B, version: 'v1' };
    const en = faqSchema.parse(
      (await get(urlOf(contentContracts.faq, { ...params, lang: 'en' }))).json(),
    );
    expect(en.entries.map((e) => e.id)).toEqual(['01-delay', '02-cash']);
    expect(en).toMatchObject({ lang: 'en', fallback: false });
    const es = faqSchema.parse(
      (await get(urlOf(contentContracts.faq, { ...params, lang: 'es' }))).json(),
    );
    expect(es.entries[0]).toMatchObject({ question: '¿Y si mi vuelo se retrasa?' });
    const fr = (await get(urlOf(contentContracts.faq, { ...params, lang: 'fr' }))).json();
    expect(fr).toMatchObject({ lang: 'en', fallback: true });
    // Mexican Spanish reads Spanish before EN.
    const mx = (await get(urlOf(contentContracts.faq, { ...params, lang: 'mx' }))).json();
    expect(mx).toMatchObject({ lang: 'es', fallback: true });
  });

  it('answers plan articles for a locale, with plan_title, id and title', async () => {
    const res = await get(urlOf(contentContracts.articles, { bundle: B, locale: 'fr-CA' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        plan_title: 'Skyward Flight Cover',
        id: 'lounge-access',
        title: 'Lounge access',
        body: 'Sixty minutes.',
      },
    ]);
  });

  it('refuses what does not exist with its code, and a language outside the list with 400', async () => {
    const cases: [string, number, string][] = [
      [urlOf(contentContracts.document, { id: 'nothing', lang: 'en' }), 404, 'DOCUMENT_NOT_FOUND'],
      [
        urlOf(contentContracts.faq, {
          product: 'parametric',
          bundle: B,
          version: 'v1',
          lang: 'en',
        }),
        404,
        'PRODUCT_NOT_FOUND',
      ],
      [
        urlOf(contentContracts.faq, { product: 'travel', bundle: B, version: 'v9', lang: 'en' }),
        404,
        'PRODUCT_NOT_FOUND',
      ],
      [
        urlOf(contentContracts.articles, { bundle: 'nobody', locale: 'en' }),
        404,
        'BUNDLE_NOT_FOUND',
      ],
      [urlOf(contentContracts.document, { id: 'terms', lang: 'xx' }), 400, 'INVALID_PARAMS'],
      [urlOf(contentContracts.document, { id: '../etc', lang: 'en' }), 400, 'INVALID_PARAMS'],
      [
        urlOf(contentContracts.faq, { product: 'cruise', bundle: B, version: 'v1', lang: 'en' }),
        400,
        'INVALID_PARAMS',
      ],
    ];
    for (const [url, status, code] of cases) {
      const res = await get(url);
      expect([url, res.statusCode, res.json().code]).toEqual([url, status, code]);
    }
  });

  it('imports idempotently: a changed file updates, a removed one retires, a bad run changes nothing', async () => {
    expect(await service().importFolder(root)).toEqual({
      added: 0,
      updated: 0,
      unchanged: 8,
      retired: 0,
    });
    const { [`${B}/faq/travel/v1/en/02-cash.md`]: _removed, ...kept } = fixture;
    const changed = folderWith({
      ...kept,
      [`${B}/documents/terms/en.md`]: doc('Terms of use', 'New terms.', '2026-12-01'),
    });
    expect(await service().importFolder(changed)).toEqual({
      added: 0,
      updated: 1,
      unchanged: 6,
      retired: 1,
    });
    const terms = await get(urlOf(contentContracts.document, { id: 'terms', lang: 'en' }));
    expect(terms.json()).toMatchObject({ version: '2026-12-01', body: 'New terms.' });
    const faq = await get(
      urlOf(contentContracts.faq, { product: 'travel', bundle: B, version: 'v1', lang: 'en' }),
    );
    expect(faq.json().entries.map((e: { id: string }) => e.id)).toEqual(['01-delay']);

    const broken = folderWith({ [`${B}/documents/terms/en.md`]: '---\ntitle: Gone\n---\n\nx\n' });
    await expect(service().importFolder(broken)).rejects.toBeInstanceOf(ContentImportError);
    const still = await get(urlOf(contentContracts.document, { id: 'terms', lang: 'en' }));
    expect(still.json()).toMatchObject({ body: 'New terms.' });
    for (const dir of [changed, broken]) rmSync(dir, { recursive: true });
  });
});

describe('figures filled from the partner’s rules', () => {
  const t = useTestApp();
  const key = keyOf('travel');
  const keyFacts = (lang: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      url: urlOf(contentContracts.document, { id: 'key-facts', lang }),
      headers: { ...key, ...headers },
    });
  /** Intl writes no-break spaces in amounts: read here as plain ones. */
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  const travel = demoPartners.find((p) => p.id === 'travel')!;

  it('are what the seed’s rules give, in the reader’s language and the partner’s currency', async () => {
    const en = contentDocumentSchema.parse((await keyFacts('en')).json());
    expect(en.body).not.toContain('{{');
    for (const figure of [
      '1 hour or more',
      'CA$25',
      '3 hours or more',
      'CA$150',
      '15,000',
      '6 hours or more',
      'CA$1,000',
      '2 hours before',
    ])
      expect(en.body).toContain(figure);
    const fr = plain(contentDocumentSchema.parse((await keyFacts('fr')).json()).body);
    for (const figure of ['1 heure ou plus', '150 $CA', '15 000 points', '1 000 $CA'])
      expect(fr).toContain(figure);
    const de = contentDocumentSchema.parse((await keyFacts('de')).json());
    expect(de).toMatchObject({ lang: 'de', fallback: false });
    for (const figure of ['ab 1 Stunde', '150 CA$', '15.000 Skyward-Punkte', '1.000 CA$ je Police'])
      expect(plain(de.body)).toContain(figure);
    const zh = contentDocumentSchema.parse((await keyFacts('zh')).json()).body;
    for (const figure of ['延误1小时或以上', 'CA$150现金', '每份保单CA$1,000'])
      expect(zh).toContain(figure);
  });

  it('change with the rules, and so does the ETag', async () => {
    const before = await keyFacts('en');
    const etag = before.headers.etag as string;
    expect((await keyFacts('en', { 'if-none-match': etag })).statusCode).toBe(304);
    const config: PartnerConfigOverrides = {
      ...travel.config,
      resolutions: {
        policyCap: 50_000,
        offers: [
          { type: 'LOUNGE', on: 'DELAY', minDelayMinutes: 90 },
          {
            type: 'CASH',
            on: 'DELAY',
            minDelayMinutes: 90,
            cashPerPassenger: 3_000,
            dependency: 'LOUNGE',
          },
          { type: 'HOTEL', on: 'DELAY', minDelayMinutes: 480 },
          {
            type: 'CASH|POINTS',
            on: 'DELAY',
            minDelayMinutes: 240,
            cashPerPassenger: 17_550,
            pointsPerPassenger: 20_000,
          },
          {
            type: 'CASH|POINTS',
            on: 'CANCELLATION',
            cashPerPassenger: 20_000,
            pointsPerPassenger: 25_000,
          },
        ],
      },
    };
    await t.database.db.update(partners).set({ config }).where(eq(partners.id, 'travel'));
    // Partners are kept 30 s: the next read after that sees the new rules.
    t.clock.advance(31_000);

    const after = await keyFacts('en', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const en = contentDocumentSchema.parse(after.json()).body;
    for (const figure of [
      '1 hour, 30 minutes or more',
      'CA$30',
      '4 hours or more',
      'CA$175.50',
      '20,000',
      '8 hours or more',
      'CA$200',
      '25,000',
      'CA$500',
    ])
      expect(en).toContain(figure);
    for (const gone of ['CA$150', 'CA$1,000', '3 hours or more']) expect(en).not.toContain(gone);
    const fr = plain(contentDocumentSchema.parse((await keyFacts('fr')).json()).body);
    expect(fr).toContain('175,50 $CA');

    // The questions and the articles too.
    const faq = faqSchema.parse(
      (
        await t.app.inject({
          url: urlOf(contentContracts.faq, {
            product: 'travel',
            bundle: travel.cmsBundle,
            version: 'v1',
            lang: 'en',
          }),
          headers: key,
        })
      ).json(),
    );
    const shorter = faq.entries.find((e) => e.id === '06-a-shorter-delay')!;
    expect(shorter.question).toBe('My flight is late, but by less than 4 hours — what do I get?');
    expect(shorter.answer).toContain('CA$30');
    const articles = planArticlesSchema.parse(
      (
        await t.app.inject({
          url: urlOf(contentContracts.articles, { bundle: travel.cmsBundle, locale: 'en-CA' }),
          headers: key,
        })
      ).json(),
    );
    expect(articles.find((a) => a.id === 'lounge-access')!.body).toContain(
      'delayed by 1 hour, 30 minutes or more',
    );
  });
});

/** The figures a text may not state but through a placeholder, in every language. */
const LITERAL_FIGURES: [string, RegExp][] = [
  ['an amount', /(?:\b(?:CAD|GBP|USD|EUR|MXN)|CA\$|US\$|[$£€¥])\s?\d/u],
  [
    'an amount',
    /\d(?:[\d.,\s]*\d)?\s?(?:\b(?:CAD|GBP|USD|EUR|MXN)\b|\$|£|€|¥|元|dollars?|dólares|dollari|Dollar|dolar|libras?|sterline|Pfund|sterlin|euros?)/iu,
  ],
  [
    'a duration',
    /\d+(?:[.,]\d+)?\s*-?\s*(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|minutos?|horas?|días?|dias?|semanas?|meses|mes|años?|anos?|heures?|jours?|semaines?|mois|ans|années?|Minuten?|Stunden?|Tagen?|Tage|Wochen?|Monaten?|Monate?|Jahren?|Jahre?|minuti|minuto|ore|ora|giorni|giorno|settimane|settimana|mesi|mese|anni|anno|dakika|saat|gün|hafta|ay|yıl)(?!\p{L})/iu,
  ],
  ['a duration', /\d+\s*(?:分钟|小时|天|个?工作日|个月|周|年)/u],
  [
    'points',
    /\d(?:[\d.,\s]*\d)?\s*(?:Skyward[\s-]+)?(?:points?|puntos?|Punkten?|Punkte|punti|pontos?|puan|积分)(?!\p{L})/iu,
  ],
  [
    'a percentage',
    /\d\s*%|%\s*\d|\d+\s*(?:per\s?cent|percent|por\s?ciento|pour\s?cent|Prozent|per\s?cento|por\s?cento)|yüzde\s*\d|百分之/iu,
  ],
  ['a size', /\d\s*(?:KB|MB|GB|Ko|Mo|Go)\b/u],
  [
    'a length or a number of files',
    /\d(?:[\d.,\s]*\d)?\s*(?:characters?|caracteres|caractères|Zeichen|caratteri|karakter|个?字符|files?|archivos?|fichiers?|Dateien|arquivos?|dosya)(?!\p{L})/iu,
  ],
];

describe('the content shipped for the demo partners', () => {
  const files = readContent(CONTENT_ROOT);
  /** Every text of a file a reader sees. */
  const textOf = (file: (typeof files)[number]): string[] =>
    file.kind === 'document'
      ? [file.title, file.body]
      : file.kind === 'question'
        ? [file.topic, file.question, file.answer]
        : [file.planTitle, file.title, file.body];

  it.each(demoPartners.map((p) => [p.cmsBundle, p] as const))(
    '%s has every page and at least 12 questions, in EN, ES, FR and every language its partner offers',
    (bundle, partner) => {
      const mine = files.filter((f) => f.bundle === bundle);
      /** What a language's readers are answered from: its own files, else its standard one's. */
      const written = (lang: string) =>
        mine.some((f) => f.lang === lang)
          ? lang
          : (STANDARD_LANGUAGES[lang as TranslationLanguage] ?? lang);
      const idsIn = (lang: string) =>
        mine
          .filter((f) => f.lang === written(lang))
          .map((f) =>
            f.kind === 'document'
              ? `document ${f.documentId}`
              : f.kind === 'question'
                ? `question ${f.slug}`
                : `article ${f.articleId}`,
          )
          .sort();
      const en = idsIn('en');
      expect(en).toEqual(expect.arrayContaining(CONTENT_PAGES.map((id) => `document ${id}`)));
      // Any other document is one the portal links to from where it applies.
      const documents = en.filter((id) => id.startsWith('document '));
      expect(documents.filter((id) => !isDocumentId(id.slice('document '.length)))).toEqual([]);
      expect(en.filter((id) => id.startsWith('question ')).length).toBeGreaterThanOrEqual(12);
      expect(en.some((id) => id.startsWith('article '))).toBe(true);
      // The same documents, questions and articles in every language its readers read.
      const offered = new Set([
        ...LANGUAGES,
        ...partnerConfigSchema.parse(partner.config).languages,
      ]);
      for (const lang of offered) expect(idsIn(lang), lang).toEqual(en);
    },
  );

  it('fills every figure it names from its partner’s configuration', () => {
    for (const partner of demoPartners) {
      const config = partnerConfigSchema.parse(partner.config);
      for (const file of files.filter((f) => f.bundle === partner.cmsBundle)) {
        const figures = figuresFor(config, file.lang);
        const left = textOf(file).filter((text) => fillFigures(text, figures).includes('{{'));
        expect(left, file.source).toEqual([]);
      }
    }
  });

  it('states no amount, duration, number of points or other figure but through a placeholder', () => {
    const found = files.flatMap((file) =>
      textOf(file)
        .map((text) => text.replace(/\{\{\w+\}\}/g, '‹›'))
        .flatMap((text) =>
          LITERAL_FIGURES.flatMap(([what, pattern]) => {
            const match = pattern.exec(text);
            return match ? [`${file.source}: ${what} "${match[0]}"`] : [];
          }),
        ),
    );
    expect(found.join('\n')).toBe('');
  });

  it('gives each document one version in every language', () => {
    const versions = new Map<string, Set<string>>();
    for (const file of files)
      if (file.kind === 'document') {
        const key = `${file.bundle}/${file.documentId}`;
        versions.set(key, (versions.get(key) ?? new Set()).add(file.version));
      }
    const mixed = [...versions].filter(([, set]) => set.size > 1).map(([key]) => key);
    expect(mixed).toEqual([]);
  });

  it('has no raw HTML for the portal to drop', () => {
    const withHtml = files.filter((f) => /<\/?[a-z][^>]*>/i.test('body' in f ? f.body : f.answer));
    expect(withHtml.map((f) => f.source)).toEqual([]);
  });
});
