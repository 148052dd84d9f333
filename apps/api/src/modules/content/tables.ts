import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, updatedAt } from '../../db/columns.ts';

/**
 * Help content imported from the content files (`content/<bundle>/…`, import.ts). Rows are
 * never deleted: a file removed from the folder retires its row (`retired_at`), so an
 * accepted terms version keeps its text. `hash` is the file's content: an unchanged file
 * writes nothing, and it is the answer's ETag.
 */
export const contentDocuments = pgTable(
  'content_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bundle: text('bundle').notNull(),
    documentId: text('document_id').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    version: text('version').notNull(),
    body: text('body').notNull(),
    hash: text('hash').notNull(),
    source: text('source').notNull(),
    retiredAt: at('retired_at'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('content_documents_key_idx').on(t.bundle, t.documentId, t.lang)],
);

export const contentFaqs = pgTable(
  'content_faqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bundle: text('bundle').notNull(),
    product: text('product').notNull(),
    version: text('version').notNull(),
    lang: text('lang').notNull(),
    /** The file name without `.md`: it orders the questions (`01-…`). */
    slug: text('slug').notNull(),
    topic: text('topic').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    hash: text('hash').notNull(),
    source: text('source').notNull(),
    retiredAt: at('retired_at'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('content_faqs_key_idx').on(t.bundle, t.product, t.version, t.lang, t.slug)],
);

export const contentArticles = pgTable(
  'content_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bundle: text('bundle').notNull(),
    lang: text('lang').notNull(),
    articleId: text('article_id').notNull(),
    planTitle: text('plan_title').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    hash: text('hash').notNull(),
    source: text('source').notNull(),
    retiredAt: at('retired_at'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('content_articles_key_idx').on(t.bundle, t.lang, t.articleId)],
);
