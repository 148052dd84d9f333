import { Readable, Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { fileTypeFromBuffer } from 'file-type';
import convertHeic from 'heic-convert';
import sharp from 'sharp';
import {
  AppError,
  DOCUMENT_TYPES,
  DOCUMENT_USES,
  IMAGE_TYPES,
  type DocumentType,
  type DocumentUse,
} from '@tern/domain';

/** What file-type reads to name a type: the head of the file. */
const HEAD_BYTES = 4100;
/** JPEG quality of re-encoded photos: no visible loss, a third of a camera's size. */
const JPEG_QUALITY = 88;

const tooLarge = (use: DocumentUse) =>
  new AppError('PAYLOAD_TOO_LARGE', {
    message: `A file for ${use} has at most ${DOCUMENT_USES[use].maxBytes} bytes`,
  });

/** The stream as it is, failing with 413 as soon as more than `maxBytes` have passed. */
export function limitBytes(stream: Readable, use: DocumentUse): Readable {
  const { maxBytes } = DOCUMENT_USES[use];
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > maxBytes ? tooLarge(use) : null, chunk);
    },
  });
  stream.once('error', (error) => counter.destroy(error));
  return stream.pipe(counter);
}

/**
 * Reads the head of a stream and names its type by its bytes (file-type), whatever the
 * client called it: answers the type and the whole stream again (head and rest). HEIF files
 * of other brands are HEIC to the uses (one container, HEVC-coded).
 */
export async function sniff(
  stream: Readable,
): Promise<{ type: DocumentType | undefined; stream: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  const iterator = stream[Symbol.asyncIterator]();
  let done = false;
  while (length < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value as Buffer);
    length += (next.value as Buffer).length;
  }
  const head = Buffer.concat(chunks);
  const mime = (await fileTypeFromBuffer(head))?.mime;
  const named = mime === 'image/heif' ? 'image/heic' : mime;
  const type = DOCUMENT_TYPES.find((t) => t === named);
  const rest = async function* () {
    yield head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      yield next.value as Buffer;
  };
  return { type, stream: Readable.from(rest()) };
}

export const isImage = (type: DocumentType) => (IMAGE_TYPES as readonly string[]).includes(type);

/**
 * A photo as it is kept: turned upright from its EXIF orientation, then written again with no
 * metadata at all (no GPS position, no device, no time), so none of it ever leaves the
 * server; HEIC becomes JPEG, which every browser shows. A file whose bytes begin like an
 * image but do not decode answers 415.
 */
export async function reencode(
  input: Buffer,
  type: DocumentType,
): Promise<{ bytes: Buffer; contentType: DocumentType }> {
  try {
    // sharp's own libvips has no HEVC decoder: heic-convert (libheif) decodes HEIC first.
    const decodable =
      type === 'image/heic'
        ? Buffer.from(await convertHeic({ buffer: input, format: 'JPEG', quality: 0.95 }))
        : input;
    const image = sharp(decodable).rotate();
    if (type === 'image/png') return { bytes: await image.png().toBuffer(), contentType: type };
    if (type === 'image/webp')
      return { bytes: await image.webp({ quality: JPEG_QUALITY }).toBuffer(), contentType: type };
    return {
      bytes: await image.jpeg({ quality: JPEG_QUALITY, mozjpeg: true }).toBuffer(),
      contentType: 'image/jpeg',
    };
  } catch (error) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: 'The file is not a readable image',
      cause: error,
    });
  }
}

/** The whole of a stream, in memory: photos are decoded whole (at most their use's limit). */
export const readAll = (stream: Readable): Promise<Buffer> => buffer(stream);

/** The extension a stored type is shown with: a HEIC photo's name ends `.jpg` once it is one. */
const EXTENSIONS: Record<DocumentType, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/heic': '.heic',
  'image/webp': '.webp',
  'application/pdf': '.pdf',
};

/** The client's name as it may be shown: its last path segment, without control characters. */
export const cleanName = (given: string | undefined): string =>
  (given ?? '')
    .split(/[/\\]/)
    .at(-1)!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);

/**
 * The name a file is shown and downloaded under: the client's cleaned name, at most 120
 * characters, its extension the stored type's.
 */
export function displayName(given: string | undefined, type: DocumentType): string {
  const base = cleanName(given)
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .slice(0, 120);
  return `${base || 'document'}${EXTENSIONS[type]}`;
}
