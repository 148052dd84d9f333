import { z } from 'zod';
import { defineContracts } from '../contract.ts';
import { DOWNLOAD_URL_TTL_MS } from './uses.ts';

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

/** Files any area attaches (issue 27): only their signed downloads are routes of their own. */
export const documentsContracts = defineContracts('documents', {
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
