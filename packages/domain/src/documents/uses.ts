import { FILE_MAX_BYTES } from '../constants.ts';

/**
 * What each use of an uploaded file allows (zod-free: the portal checks a file before sending
 * it, the API checks its bytes while it streams). The documents area stores files for every
 * area that attaches them; a use names the caller's purpose.
 */

/** The media types a file may be, by its bytes (never its name or its declared type). */
export const DOCUMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/heic',
  'image/webp',
  'application/pdf',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Images are re-encoded before they are stored (no EXIF leaves the server; HEIC becomes JPEG). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/webp'] as const;

const MB = 1024 * 1024;

export const DOCUMENT_USES = {
  /** The bag report image (spec 2 §7: one document per report). */
  'bag-photo': { types: IMAGE_TYPES, maxBytes: 15 * MB },
  /** A parametric claim's dispute files (spec 2 §5 "Disagreement": 25 MB each). */
  'claim-dispute': { types: DOCUMENT_TYPES, maxBytes: FILE_MAX_BYTES },
} as const satisfies Record<string, { types: readonly DocumentType[]; maxBytes: number }>;
export type DocumentUse = keyof typeof DOCUMENT_USES;

/**
 * What a file is before, while and after it is scanned: `awaiting` its bytes (a signed upload
 * URL was handed out and not used yet; the portal shows it as uploading), then `scanning`,
 * then `clean` or `quarantined`. Only clean files are served.
 */
export const DOCUMENT_STATES = ['awaiting', 'scanning', 'clean', 'quarantined'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/** A signed download link lives at most this long (issue 27: ≤ 5 minutes). */
export const DOWNLOAD_URL_TTL_MS = 5 * 60 * 1000;
/** An upload no area attached is removed after this long. */
export const ORPHAN_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;
