import { Transform, type Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, DOCUMENT_USES, type DocumentUse } from '@tern/domain';

/** An uploaded file as a handler receives it (`request.upload`): read it once, as it streams. */
export interface Upload {
  /** The name the client gave it: for display only, never a storage name. */
  filename: string;
  /** The type the client declared: never trusted (the bytes say what a file is). */
  mimetype: string;
  /** The file's bytes; it fails with 413 PAYLOAD_TOO_LARGE once past the use's limit. */
  stream: Readable;
}

/** A file sent as the whole request body (`request.upload` of a `rawUpload` contract). */
export type RawUpload = Omit<Upload, 'filename'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes one file upload for this document use (its contract's `upload`). */
    upload?: DocumentUse;
    /** The route's body is one file's bytes for this document use (its contract's `rawUpload`). */
    rawUpload?: DocumentUse;
    /** The route answers a 302 to the address its handler returns (its contract's `redirect`). */
    redirect?: true;
  }
}

/** The form fields an upload may carry beside its file (none are read): a few, then 413. */
const MAX_FIELDS = 4;
/** What a multipart body carries beyond the file itself: boundaries, part headers, fields. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Multipart bodies, for the routes whose contract takes an upload and no other: the parser is
 * the app's, so every other route refuses such a body with 415 as it refuses any that is not
 * JSON. The parser reads nothing until the route's handler asks for the file.
 */
export async function registerUploads(app: FastifyInstance) {
  await app.register(multipart, { throwFileSizeLimit: true });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !request.routeOptions.config.upload)
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
        message: 'This route takes application/json',
      });
  });
}

const tooLarge = (use: DocumentUse) =>
  new AppError('PAYLOAD_TOO_LARGE', {
    message: `A file for ${use} has at most ${DOCUMENT_USES[use].maxBytes} bytes`,
  });

/**
 * The one file of a multipart upload for `use`, its stream failing with 413 as soon as it
 * passes the use's limit (the parser stops there: nothing past it is read). A declared length
 * already past it answers 413 before a byte is read; a body that is not multipart 415; one
 * without a file 400 MISSING_PARAMS (field `file`).
 */
export async function readUpload(request: FastifyRequest, use: DocumentUse): Promise<Upload> {
  const { maxBytes } = DOCUMENT_USES[use];
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: 'An upload is multipart/form-data with one file',
    });
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_BYTES) throw tooLarge(use);
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: MAX_FIELDS } });
  } catch (error) {
    // The parser's own refusals (too many fields or parts, a broken body) carry 413 or 4xx.
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw tooLarge(use);
    throw new AppError('INVALID_PARAMS', {
      message: 'The multipart body cannot be read',
      field: 'file',
      cause: error,
    });
  }
  if (!part)
    throw new AppError('MISSING_PARAMS', { message: 'No file in the upload', field: 'file' });
  const { file } = part;
  // The parser ends a file cut at the limit as if it were whole: it must fail instead, at
  // once when the limit comes while it streams, at its end when the parser got there first.
  const stream = new Transform({
    transform: (chunk, _encoding, done) => done(null, chunk),
    flush: (done) => done(file.truncated ? tooLarge(use) : null),
  });
  file.once('limit', () => stream.destroy(tooLarge(use)));
  file.once('error', (error) => stream.destroy(error));
  return { filename: part.filename, mimetype: part.mimetype, stream: file.pipe(stream) };
}

/**
 * The scope of a route whose body is a file as it is (`rawUpload`): every Content-Type, or
 * none, is taken unparsed, the bytes left in the request for the handler to stream. Its own
 * scope, so every other route still refuses what is not JSON (or its multipart upload).
 */
export function acceptRawBodies(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => {
    done(null);
  });
}

/**
 * The file a raw upload's body is, for `use`: 413 before a byte is read when its declared
 * length is past the use's limit. The bytes are as the client sent them, its declared type
 * never trusted; the documents area counts them against the limit again as they stream (a
 * body sent in chunks declares no length).
 */
export function readRawUpload(request: FastifyRequest, use: DocumentUse): RawUpload {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > DOCUMENT_USES[use].maxBytes) throw tooLarge(use);
  return {
    mimetype: request.headers['content-type'] ?? 'application/octet-stream',
    stream: request.raw,
  };
}
