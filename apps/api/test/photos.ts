import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { EICAR } from '../src/providers/scanner/port.ts';

/** A plain photo of `width` × `height`, for sharp to write in any format. */
export const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c83c1e' } });

/** A phone's JPEG: sideways (EXIF orientation 6), with its device and GPS position. */
export const phonePhoto = () =>
  photo(40, 20)
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TernPhone', Model: 'Lost Bag 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '43/1 40/1 30/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 23/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();

/** A PDF's first bytes and a little more: a file that is no photo whatever it is called. */
export const pdf = (body = 'a receipt') =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${body}\ntrailer\n%%EOF\n`);

/**
 * A PNG whose pixels spell the EICAR test string, and still do once re-encoded: around it
 * noise (a hash chain, the same every run) that deflate cannot shrink, so it stores the rows
 * as they are, unfiltered. A real image that a scanner must flag after the metadata is gone.
 */
export function eicarPng(): Promise<Buffer> {
  const width = 32;
  const height = 32;
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  let block = Buffer.from('tern');
  for (let i = 0; i < pixels.length; i += block.length) {
    block = createHash('sha256').update(block).digest();
    block.copy(pixels, i);
  }
  Buffer.from(EICAR).copy(pixels, width * channels * 5);
  return sharp(pixels, { raw: { width, height, channels } }).png().toBuffer();
}
