import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { ArticleFile, ContentFile, DocumentFile, QuestionFile } from './import.ts';
import { contentArticles, contentDocuments, contentFaqs } from './tables.ts';

export type DocumentRow = typeof contentDocuments.$inferSelect;
export type FaqRow = typeof contentFaqs.$inferSelect;
export type ArticleRow = typeof contentArticles.$inferSelect;

/** What an import did. */
export interface ImportCounts {
  added: number;
  updated: number;
  unchanged: number;
  retired: number;
}

/** Rows whose file is still in the content folder. */
const live = (table: { retiredAt: AnyPgColumn }) => isNull(table.retiredAt);

/** A live document of a bundle, in any language. */
const documentOf = (bundle: string, documentId: string) =>
  and(
    eq(contentDocuments.bundle, bundle),
    eq(contentDocuments.documentId, documentId),
    live(contentDocuments),
  );

/** SQL for help content. */
export function contentRepo(db: Db) {
  return {
    /**
     * Makes the tables hold exactly `files`, in one transaction: a new file adds a row, a
     * changed one (another hash) updates it, a retired one that is back returns; every row
     * whose file is gone is retired.
     */
    async importAll(files: ContentFile[], now: Date): Promise<ImportCounts> {
      return db.transaction(async (tx) => {
        const counts: ImportCounts = { added: 0, updated: 0, unchanged: 0, retired: 0 };
        const tables = [
          { table: contentDocuments, kind: 'document' as const, row: documentRow },
          { table: contentFaqs, kind: 'question' as const, row: faqRow },
          { table: contentArticles, kind: 'article' as const, row: articleRow },
        ];
        for (const { table, kind, row } of tables) {
          const existing = new Map(
            (
              await tx
                .select({ source: table.source, hash: table.hash, retiredAt: table.retiredAt })
                .from(table)
            ).map((r) => [r.source, r]),
          );
          const mine = files.filter((f) => f.kind === kind);
          for (const file of mine) {
            const before = existing.get(file.source);
            if (before && before.hash === file.hash && !before.retiredAt) {
              counts.unchanged += 1;
              continue;
            }
            const values = { ...row(file as never), retiredAt: null, updatedAt: now };
            await tx
              .insert(table)
              .values(values as never)
              .onConflictDoUpdate({ target: conflictTarget(kind), set: values });
            counts[before ? 'updated' : 'added'] += 1;
          }
          const kept = mine.map((f) => f.source);
          const retired = await tx
            .update(table)
            .set({ retiredAt: now, updatedAt: now })
            .where(
              and(
                isNull(table.retiredAt),
                kept.length > 0 ? notInArray(table.source, kept) : sql`true`,
              ),
            )
            .returning({ source: table.source });
          counts.retired += retired.length;
        }
        return counts;
      });
    },

    async documentIn(
      bundle: string,
      documentId: string,
      langs: readonly string[],
    ): Promise<DocumentRow | undefined> {
      const rows = await db.select().from(contentDocuments).where(documentOf(bundle, documentId));
      return langs.map((lang) => rows.find((r) => r.lang === lang)).find(Boolean);
    },

    /** The versions of a document in its languages, as the bundle holds it now. */
    async versionsOf(bundle: string, documentId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ version: contentDocuments.version })
        .from(contentDocuments)
        .where(documentOf(bundle, documentId));
      return rows.map((row) => row.version);
    },

    /** A product's questions in `lang`, in file order. */
    async questions(key: {
      bundle: string;
      product: string;
      version: string;
      lang: string;
    }): Promise<FaqRow[]> {
      return db
        .select()
        .from(contentFaqs)
        .where(
          and(
            eq(contentFaqs.bundle, key.bundle),
            eq(contentFaqs.product, key.product),
            eq(contentFaqs.version, key.version),
            eq(contentFaqs.lang, key.lang),
            live(contentFaqs),
          ),
        )
        .orderBy(asc(contentFaqs.slug));
    },

    async articles(bundle: string, lang: string): Promise<ArticleRow[]> {
      return db
        .select()
        .from(contentArticles)
        .where(
          and(
            eq(contentArticles.bundle, bundle),
            eq(contentArticles.lang, lang),
            live(contentArticles),
          ),
        )
        .orderBy(asc(contentArticles.articleId));
    },
  };
}
export type ContentRepo = ReturnType<typeof contentRepo>;

const conflictTarget = (kind: ContentFile['kind']) =>
  ({
    document: [contentDocuments.bundle, contentDocuments.documentId, contentDocuments.lang],
    question: [
      contentFaqs.bundle,
      contentFaqs.product,
      contentFaqs.version,
      contentFaqs.lang,
      contentFaqs.slug,
    ],
    article: [contentArticles.bundle, contentArticles.lang, contentArticles.articleId],
  })[kind];

const documentRow = (f: DocumentFile) => ({
  bundle: f.bundle,
  documentId: f.documentId,
  lang: f.lang,
  title: f.title,
  version: f.version,
  body: f.body,
  hash: f.hash,
  source: f.source,
});
const faqRow = (f: QuestionFile) => ({
  bundle: f.bundle,
  product: f.product,
  version: f.version,
  lang: f.lang,
  slug: f.slug,
  topic: f.topic,
  question: f.question,
  answer: f.answer,
  hash: f.hash,
  source: f.source,
});
const articleRow = (f: ArticleFile) => ({
  bundle: f.bundle,
  lang: f.lang,
  articleId: f.articleId,
  planTitle: f.planTitle,
  title: f.title,
  body: f.body,
  hash: f.hash,
  source: f.source,
});
