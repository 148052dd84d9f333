import { z } from 'zod';
import { defineContracts } from '../contract.ts';
import { FILE_MAX_BYTES, UPLOAD_URL_TTL_MS } from '../constants.ts';
import { userPathSchema } from '../user-scope.ts';
import { DOCUMENT_STATES, DOWNLOAD_URL_TTL_MS } from './uses.ts';

export const documentPathSchema = z.object({
  documentId: z.uuid({ error: 'validation.invalid' }),
});

/** A signed download link's query: whose link, until when (Unix seconds), and its HMAC. */
export const documentLinkQuerySchema = z.object({
  user: z.uuid({ error: 'validation.invalid' }),
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'validation.invalid'),
});
export type DocumentLinkQuery = z.output<typeof documentLinkQuerySchema>;

export const documentFileSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary', description: 'The file, as stored' });

/** `?documentName`: the name the file is kept under (shown to its owner). */
export const streamUrlQuerySchema = z.object({
  documentName: z.string().trim().min(1, 'validation.required').max(200, 'validation.max_length'),
});

/** A file as its owner sees it while and after it is scanned. */
export const storedDocumentSchema = z
  .object({
    documentId: z.uuid(),
    name: z.string(),
    size: z.int(),
    state: z.enum(DOCUMENT_STATES),
  })
  .meta({ id: 'StoredDocument' });

/** Files any area attaches (issue 27): only their signed links are routes of their own. */
export const documentsContracts = defineContracts('documents', {
  streamUrl: {
    method: 'GET',
    path: '/platform/users/{id}/documents/stream-url',
    summary: 'A signed URL to PUT one file to (a claim dispute file), and the document it will be',
    description: `The URL takes one PUT of the file's bytes (at most ${FILE_MAX_BYTES} bytes, 413 before anything is kept; PDF or image by its bytes, else 415) within ${UPLOAD_URL_TTL_MS / 60_000} minutes, once: later or again answers 403 DOCUMENT_LINK_INVALID. The file is then scanned; attach it to the claim with the claim's attachments call.`,
    access: 'signedIn',
    limit: 'upload',
    owner: { user: 'params.id' },
    params: userPathSchema,
    query: streamUrlQuerySchema,
    responses: { 200: z.object({ documentId: z.uuid(), url: z.string() }) },
    errors: [400, 401, 404, 429],
  },
  upload: {
    method: 'PUT',
    path: '/documents/{documentId}/upload',
    summary:
      'The file of a signed upload URL, as the raw body (no api-key: the URL is the permission)',
    description: `Any Content-Type: the type is read from the bytes. At most ${FILE_MAX_BYTES} bytes (413 PAYLOAD_TOO_LARGE, nothing kept); once per URL and only until it expires (403 DOCUMENT_LINK_INVALID).`,
    access: 'signedLink',
    limit: 'upload',
    rawUpload: 'claim-dispute',
    params: documentPathSchema,
    // The same fields as a download link's, signed for an upload (they never stand in for each other).
    query: documentLinkQuerySchema,
    credentialParams: ['signature'],
    responses: { 201: storedDocumentSchema },
    errors: [400, 403, 413, 415, 429],
  },
  content: {
    method: 'GET',
    path: '/documents/{documentId}/content',
    summary: 'A stored file, through a signed link the API handed out (no api-key)',
    description: `The link an area's attachment call redirects to: signed for one user, valid at most ${DOWNLOAD_URL_TTL_MS / 60_000} minutes. An expired, altered or foreign link answers 403 DOCUMENT_LINK_INVALID; a file removed or quarantined since, 404 DOCUMENT_NOT_FOUND. Sent with its stored type (the body is that type, not octet-stream), inline (a PDF as an attachment), nosniff, a CSP that runs no script, kept privately no longer than the link lives.`,
    access: 'signedLink',
    params: documentPathSchema,
    query: documentLinkQuerySchema,
    credentialParams: ['signature'],
    file: 'application/octet-stream',
    responses: { 200: documentFileSchema },
    errors: [400, 403, 404],
  },
});
