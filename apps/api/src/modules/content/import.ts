import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import matter from 'gray-matter';
import { z } from 'zod';
import {
  bundleSchema,
  contentLanguageSchema,
  contentVersionSchema,
  CONTENT_PRODUCTS,
  documentIdSchema,
  unknownPlaceholders,
} from '@tern/domain';

/**
 * The content files (content/README.md): one folder per CMS bundle, Markdown with front
 * matter. Reading checks every file before anything is imported: one bad file names itself
 * and the whole run imports nothing.
 */

/** The repository's content folder: the demo partners' bundles, imported by the seed. */
export const CONTENT_ROOT = join(import.meta.dirname, '../../../../../content');

/** YAML reads `2026-11-01` as a date: a version is kept as the text it was written as. */
const text = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
  z.string().trim().min(1),
);
const documentMatter = z.object({ title: text, version: text }).strict();
const questionMatter = z.object({ question: text, topic: text }).strict();
const articleMatter = z.object({ plan_title: text, title: text }).strict();

interface Source {
  /** The file, relative to the content folder. */
  source: string;
  hash: string;
  bundle: string;
  lang: string;
}
export type DocumentFile = Source & {
  kind: 'document';
  documentId: string;
  title: string;
  version: string;
  body: string;
};
export type QuestionFile = Source & {
  kind: 'question';
  product: string;
  version: string;
  slug: string;
  topic: string;
  question: string;
  answer: string;
};
export type ArticleFile = Source & {
  kind: 'article';
  articleId: string;
  planTitle: string;
  title: string;
  body: string;
};
export type ContentFile = DocumentFile | QuestionFile | ArticleFile;

export class ContentImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`Content not imported, nothing changed:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ContentImportError';
  }
}

const markdownFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });

const segmentRules = {
  bundle: bundleSchema,
  id: documentIdSchema,
  lang: contentLanguageSchema,
  product: z.enum(CONTENT_PRODUCTS),
  version: contentVersionSchema,
  slug: documentIdSchema,
};
type Segment = keyof typeof segmentRules;
/** The path segments of each kind, below `<bundle>/<documents|faq|articles>/`. */
const layouts = {
  document: ['bundle', 'id', 'lang'],
  question: ['bundle', 'product', 'version', 'lang', 'slug'],
  article: ['bundle', 'lang', 'id'],
} as const satisfies Record<ContentFile['kind'], Segment[]>;
const folders = { documents: 'document', faq: 'question', articles: 'article' } as const;

/** `skyward-travel/faq/travel/v1/en/01-x.md` → its kind and named segments, or a problem. */
function placeOf(
  file: string,
): { kind: ContentFile['kind']; at: Record<Segment, string> } | string {
  const [bundle, folder, ...rest] = file.slice(0, -'.md'.length).split(sep);
  const kind = Object.hasOwn(folders, folder ?? '')
    ? folders[folder as keyof typeof folders]
    : undefined;
  if (!kind || rest.length !== layouts[kind].length - 1)
    return 'is not where content goes (content/README.md lists the layout)';
  const values = [bundle!, ...rest];
  const at = {} as Record<Segment, string>;
  for (const [i, segment] of layouts[kind].entries()) {
    if (!segmentRules[segment].safeParse(values[i]).success)
      return `has an invalid ${segment} "${values[i]}"`;
    at[segment] = values[i]!;
  }
  return { kind, at };
}

const issuesOf = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || 'front matter'}: ${issue.message}`);

/** Every content file under `root`, checked; throws ContentImportError naming each bad one. */
export function readContent(root: string): ContentFile[] {
  const files: ContentFile[] = [];
  const problems: string[] = [];
  for (const path of markdownFiles(root)) {
    const source = relative(root, path);
    if (source === 'README.md') continue;
    const place = placeOf(source);
    if (typeof place === 'string') {
      problems.push(`${source} ${place}`);
      continue;
    }
    const raw = readFileSync(path, 'utf8');
    let parsed: matter.GrayMatterFile<string>;
    try {
      // No cache: gray-matter's would hand back the first parse of identical text.
      parsed = matter(raw, {});
    } catch (error) {
      problems.push(`${source}: front matter is not valid YAML (${(error as Error).message})`);
      continue;
    }
    const body = parsed.content.trim();
    if (!body) problems.push(`${source}: the text is empty`);
    // The title is the front matter's; the page shows it as its only level-1 heading.
    if (/^# /m.test(body)) problems.push(`${source}: a level-1 heading (#) in the text`);
    const base = {
      source: source.split(sep).join('/'),
      hash: createHash('sha256').update(raw).digest('base64url').slice(0, 27),
      bundle: place.at.bundle,
      lang: place.at.lang,
    };
    const schema = { document: documentMatter, question: questionMatter, article: articleMatter }[
      place.kind
    ];
    const front = schema.safeParse(parsed.data);
    if (!front.success) {
      problems.push(`${source}: ${issuesOf(front.error).join('; ')}`);
      continue;
    }
    // Figures are filled from the partner's configuration when read: a name the API cannot
    // fill would reach the reader as written.
    const unknown = unknownPlaceholders([...Object.values(front.data), body].join('\n'));
    if (unknown.length > 0)
      problems.push(
        `${source}: unknown placeholder ${unknown.join(', ')} (content/README.md lists the figures)`,
      );
    if (place.kind === 'document') {
      const data = front.data as z.infer<typeof documentMatter>;
      files.push({ ...base, kind: 'document', documentId: place.at.id, ...data, body });
    } else if (place.kind === 'question') {
      const data = front.data as z.infer<typeof questionMatter>;
      files.push({
        ...base,
        kind: 'question',
        product: place.at.product,
        version: place.at.version,
        slug: place.at.slug,
        topic: data.topic,
        question: data.question,
        answer: body,
      });
    } else {
      const data = front.data as z.infer<typeof articleMatter>;
      files.push({
        ...base,
        kind: 'article',
        articleId: place.at.id,
        planTitle: data.plan_title,
        title: data.title,
        body,
      });
    }
  }
  if (problems.length > 0) throw new ContentImportError(problems);
  return files;
}
