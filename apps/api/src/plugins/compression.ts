import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers below this many bytes go out as they are: the headers and the compressor's own
 * framing would eat most of what a smaller body could save.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Text answers compressed as they leave (brotli, else gzip, as the client accepts), with
 * `Vary: Accept-Encoding`: API JSON, the portal's page (its runtime configuration is written
 * in per host, so it cannot be compressed at build time) and the theme images (SVG). The
 * built files are compressed once at build time and served as such (`web/routes.ts`); an
 * answer that already has a Content-Encoding is left alone. Brotli at quality 4 (the plugin's
 * default): 11 costs tens of milliseconds per answer for a few per cent.
 *
 * The live events stream writes to the socket itself (`reply.hijack`), so it never passes
 * through here and each event leaves as it happens; the plugin's default types leave
 * `text/event-stream` out as well. Request bodies are not decompressed: the API's input
 * stays plain JSON, under its body limit as sent.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
  });
}
