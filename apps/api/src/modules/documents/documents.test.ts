import { mkdtempSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import exifr from 'exifr';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DOCUMENT_STATES,
  DOCUMENT_USES,
  DOWNLOAD_URL_TTL_MS,
  ORPHAN_UPLOAD_AGE_MS,
  apiErrorSchema,
  defineContracts,
  documentsContracts,
  routeName,
  type DocumentUse,
} from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { EICAR } from '../../providers/scanner/port.ts';
import { useTestApp } from '../../../test/app.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { pdf, phonePhoto, photo } from '../../../test/photos.ts';
import { signIn, type SignedIn } from '../../../test/sign-in.ts';
import { urlOf } from '../../../test/urls.ts';
import { documentsJobs } from './jobs.ts';

const storedSchema = z.object({
  documentId: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  state: z.enum(DOCUMENT_STATES),
  createdAt: z.string(),
});

/** The calls an area makes of the documents service, as a test-only area: upload, attach, link. */
const testContracts = defineContracts('documentsTest', {
  photo: {
    method: 'POST',
    path: '/test/documents/photo',
    summary: 'Upload a bag photo',
    access: 'signedIn',
    upload: 'bag-photo',
    query: z.object({ name: z.string().optional() }),
    responses: { 201: storedSchema },
    errors: [400, 401, 413, 415],
  },
  dispute: {
    method: 'POST',
    path: '/test/documents/dispute',
    summary: 'Upload a dispute file',
    access: 'signedIn',
    upload: 'claim-dispute',
    responses: { 201: storedSchema },
    errors: [400, 401, 413, 415],
  },
  link: {
    method: 'GET',
    path: '/test/documents/{documentId}',
    summary: 'Follow to a document',
    access: 'signedIn',
    params: z.object({ documentId: z.uuid() }),
    redirect: true,
    responses: { 302: z.object({ location: z.string() }) },
    errors: [400, 401, 404, 409],
  },
});

const routes = (app: FastifyInstance) =>
  registerContracts(app, testContracts, {
    photo: (request) =>
      app.documents.store(request.caller, 'bag-photo', request.upload, request.query.name),
    dispute: (request) => app.documents.store(request.caller, 'claim-dispute', request.upload),
    link: (request) => app.documents.downloadUrl(request.caller, request.params.documentId),
  });

const dataDir = mkdtempSync(join(tmpdir(), 'tern-documents-'));
const storedFiles = async () =>
  (await readdir(join(dataDir, 'documents'), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

describe('documents: uploads, scans and signed downloads', () => {
  const t = useTestApp({ config: { DATA_DIR: dataDir, RUN_JOBS: 'false' }, extend: routes });
  let ada: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    ada = await signIn(t, 'travel');
    bob = await signIn(t, 'travel', 'agent');
  });

  const upload = (
    who: SignedIn,
    file: { filename: string; data: Buffer | string; type?: string },
    use: 'photo' | 'dispute' = 'photo',
  ) => {
    const body = multipartBody([{ name: 'file', ...file }]);
    return t.app.inject({
      method: 'POST',
      url: urlOf(testContracts[use]),
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const stored = async (
    who: SignedIn,
    file: { filename: string; data: Buffer | string },
    use: 'photo' | 'dispute' = 'photo',
  ) => {
    const res = await upload(who, file, use);
    expect(res.statusCode, res.body).toBe(201);
    return storedSchema.parse(res.json());
  };
  /** What the `documents.scan` job does once the worker takes it. */
  const deps = () => ({ documents: t.app.documents, log: t.app.log });
  const scan = (documentId: string) => documentsJobs.scan.run({ documentId }, deps());
  const removeOrphans = () => documentsJobs.removeOrphans.run({}, deps());
  const follow = (who: SignedIn, documentId: string) =>
    t.app.inject({ url: urlOf(testContracts.link, { documentId }), headers: who.headers });
  const download = (location: string) => t.app.inject({ url: location });
  const codeOf = (body: string) => apiErrorSchema.parse(JSON.parse(body)).code;
  /** Stored, scanned clean, followed: the content answer. */
  const served = async (file: { filename: string; data: Buffer | string }, use?: 'dispute') => {
    const doc = await stored(ada, file, use);
    await scan(doc.documentId);
    const link = await follow(ada, doc.documentId);
    expect(link.statusCode).toBe(302);
    return { doc, res: await download(link.headers.location!) };
  };

  it('stores a phone photo upright, with no EXIF: no GPS position, no device', async () => {
    const original = await phonePhoto();
    expect(await exifr.gps(original)).toMatchObject({ latitude: 43.675 });
    const doc = await stored(ada, { filename: 'IMG_0042.JPG', data: original });
    expect(doc).toMatchObject({
      name: 'IMG_0042.jpg',
      contentType: 'image/jpeg',
      state: 'scanning',
    });

    await scan(doc.documentId);
    const { res } = await served({ filename: 'IMG_0042.JPG', data: original });
    expect(res.statusCode).toBe(200);
    expect(await exifr.parse(res.rawPayload)).toBeUndefined();
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Turned as the camera said: 40 × 20 sideways is 20 × 40 upright.
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(res.rawPayload.includes(Buffer.from('TernPhone'))).toBe(false);
  });

  it('keeps PNG and WebP photos in their own type', async () => {
    for (const [format, type] of [
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const) {
      const data = await photo(8, 8).toFormat(format).toBuffer();
      const { doc, res } = await served({ filename: `bag.${format}`, data });
      expect(doc.contentType).toBe(type);
      expect(res.headers['content-type']).toBe(type);
      expect((await sharp(res.rawPayload).metadata()).format).toBe(format);
    }
  });

  it('turns a HEIC photo into a JPEG browsers show', async () => {
    const heic = readFileSync(new URL('./fixtures/bag.heic', import.meta.url));
    const { doc, res } = await served({ filename: 'IMG_0001.HEIC', data: heic });
    expect(doc).toMatchObject({ contentType: 'image/jpeg', name: 'IMG_0001.jpg' });
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 64, 48]);
  });

  it('judges a file by its bytes: a .jpg name on PDF or text answers 415, nothing stored', async () => {
    const before = await storedFiles();
    for (const data of [
      pdf(),
      'just some text, not a photo',
      Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2]),
    ]) {
      const res = await upload(ada, { filename: 'bag.jpg', type: 'image/jpeg', data });
      expect(res.statusCode).toBe(415);
      expect(codeOf(res.body)).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('stores a PDF where the use allows it, as it is, served as an attachment', async () => {
    const data = pdf();
    const { doc, res } = await served({ filename: 'receipt.pdf', data }, 'dispute');
    expect(doc).toMatchObject({ contentType: 'application/pdf', size: data.length });
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''receipt.pdf");
  });

  it('answers 413 for a file over the use’s limit, and keeps nothing of it', async () => {
    const before = await storedFiles();
    const { maxBytes } = DOCUMENT_USES['bag-photo'];
    const header = await photo(8, 8).jpeg().toBuffer();
    const data = Buffer.concat([header, Buffer.alloc(maxBytes + 1 - header.length)]);
    const res = await upload(ada, { filename: 'huge.jpg', data });
    expect(res.statusCode).toBe(413);
    expect(codeOf(res.body)).toBe('PAYLOAD_TOO_LARGE');
    expect(await storedFiles()).toEqual(before);
  });

  it('stops a streamed PDF at the limit even when the parser does not (store is called directly)', async () => {
    const use: DocumentUse = 'claim-dispute';
    const before = await storedFiles();
    const big = Buffer.concat([pdf(), Buffer.alloc(DOCUMENT_USES[use].maxBytes)]);
    const { Readable } = await import('node:stream');
    await expect(
      t.app.documents.store({ userId: ada.userId, partnerId: 'travel' }, use, {
        filename: 'big.pdf',
        stream: Readable.from([big.subarray(0, 1 << 20), big.subarray(1 << 20)]),
      }),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await storedFiles()).toEqual(before);
  });

  it('queues the scan of every upload', async () => {
    const doc = await stored(ada, {
      filename: 'bag.png',
      data: await photo(4, 4).png().toBuffer(),
    });
    const { rows } = await t.database.pool.query<{ payload: { documentId: string } }>(
      `select j.payload from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = $1`,
      [documentsJobs.scan.name],
    );
    expect(rows.map((r) => r.payload.documentId)).toContain(doc.documentId);
  });

  it('answers 409 DOCUMENT_NOT_READY while a file is being scanned', async () => {
    const doc = await stored(ada, {
      filename: 'bag.png',
      data: await photo(4, 4).png().toBuffer(),
    });
    const res = await follow(ada, doc.documentId);
    expect(res.statusCode).toBe(409);
    expect(codeOf(res.body)).toBe('DOCUMENT_NOT_READY');
  });

  it('quarantines the EICAR test file: its bytes deleted, never served (404)', async () => {
    const doc = await stored(ada, { filename: 'claim.pdf', data: pdf(EICAR) }, 'dispute');
    expect(await storedFiles()).toContain(doc.documentId);
    await scan(doc.documentId);
    const [row] = await t.app.documents.find({ userId: ada.userId, partnerId: 'travel' }, [
      doc.documentId,
    ]);
    expect(row?.state).toBe('quarantined');
    expect(await storedFiles()).not.toContain(doc.documentId);
    const res = await follow(ada, doc.documentId);
    expect(res.statusCode).toBe(404);
    expect(codeOf(res.body)).toBe('DOCUMENT_NOT_FOUND');
  });

  it("answers 404 for another user's document, and their link does not open it", async () => {
    const doc = await stored(ada, {
      filename: 'bag.png',
      data: await photo(4, 4).png().toBuffer(),
    });
    await scan(doc.documentId);
    const res = await follow(bob, doc.documentId);
    expect(res.statusCode).toBe(404);
    expect(codeOf(res.body)).toBe('DOCUMENT_NOT_FOUND');
    // Ada's link with Bob's id in it: the signature no longer matches.
    const location = (await follow(ada, doc.documentId)).headers.location!;
    const forged = location.replace(`user=${ada.userId}`, `user=${bob.userId}`);
    expect((await download(forged)).statusCode).toBe(403);
  });

  it('answers the file with its type, a safe disposition, nosniff, a sandboxing CSP and a private cache', async () => {
    // The name the portal sends beside the file (`?name`), as the luggage area passes it on.
    const name = 'Ma valise "rouge" — été.png';
    const body = multipartBody([
      { name: 'file', filename: 'x.png', data: await photo(4, 4).png().toBuffer() },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: urlOf(testContracts.photo, {}, { name }),
      headers: { ...ada.headers, ...body.headers },
      payload: body.payload,
    });
    const { documentId } = storedSchema.parse(uploaded.json());
    await scan(documentId);
    const res = await download((await follow(ada, documentId)).headers.location!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const maxAge = Number(
      /^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1],
    );
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(DOWNLOAD_URL_TTL_MS / 1000);
  });

  it('signs links for at most five minutes, needing no api-key', async () => {
    const doc = await stored(ada, {
      filename: 'bag.png',
      data: await photo(4, 4).png().toBuffer(),
    });
    await scan(doc.documentId);
    const location = (await follow(ada, doc.documentId)).headers.location!;
    expect(
      location.startsWith(urlOf(documentsContracts.content, { documentId: doc.documentId })),
    ).toBe(true);
    const expires = Number(new URL(location, 'http://x').searchParams.get('expires'));
    expect(expires * 1000 - t.clock.now().getTime()).toBeLessThanOrEqual(DOWNLOAD_URL_TTL_MS);
    expect((await download(location)).statusCode).toBe(200);
  });

  it('answers 403 DOCUMENT_LINK_INVALID for an expired or altered link', async () => {
    const doc = await stored(ada, {
      filename: 'bag.png',
      data: await photo(4, 4).png().toBuffer(),
    });
    await scan(doc.documentId);
    const location = (await follow(ada, doc.documentId)).headers.location!;
    const url = new URL(location, 'http://x');
    const signature = url.searchParams.get('signature')!;
    const altered = location.replace(
      signature,
      `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
    );
    const later = location.replace(
      /expires=\d+/,
      `expires=${Number(url.searchParams.get('expires')) + 60}`,
    );
    for (const bad of [altered, later]) {
      const res = await download(bad);
      expect(res.statusCode).toBe(403);
      expect(codeOf(res.body)).toBe('DOCUMENT_LINK_INVALID');
    }
    t.clock.advance(DOWNLOAD_URL_TTL_MS + 1000);
    const expired = await download(location);
    expect(expired.statusCode).toBe(403);
    expect(codeOf(expired.body)).toBe('DOCUMENT_LINK_INVALID');
  });

  it(`${routeName(documentsContracts.content)} refuses a link without its parts (400)`, async () => {
    const doc = await stored(ada, {
      filename: 'bag.png',
      data: await photo(4, 4).png().toBuffer(),
    });
    const res = await download(urlOf(documentsContracts.content, { documentId: doc.documentId }));
    expect(res.statusCode).toBe(400);
  });

  it("refuses to attach or remove another user's document (404)", async () => {
    const doc = await stored(ada, {
      filename: 'bag.png',
      data: await photo(4, 4).png().toBuffer(),
    });
    const other = { userId: bob.userId, partnerId: 'travel' };
    await expect(t.app.documents.attach(other, doc.documentId)).rejects.toMatchObject({
      code: 'DOCUMENT_NOT_FOUND',
    });
    await expect(t.app.documents.remove(other, doc.documentId)).rejects.toMatchObject({
      code: 'DOCUMENT_NOT_FOUND',
    });
    await t.app.documents.remove({ userId: ada.userId, partnerId: 'travel' }, doc.documentId);
    expect(await storedFiles()).not.toContain(doc.documentId);
  });

  // Last: it moves the clock a day on, past every session.
  it('removes uploads never attached after a day, bytes and rows, and keeps attached ones', async () => {
    const owner = { userId: ada.userId, partnerId: 'travel' };
    const png = await photo(4, 4).png().toBuffer();
    const orphan = await stored(ada, { filename: 'left.png', data: png });
    const kept = await stored(ada, { filename: 'kept.png', data: png });
    await t.app.documents.attach(owner, kept.documentId);

    t.clock.advance(ORPHAN_UPLOAD_AGE_MS - 60_000);
    await removeOrphans();
    expect(await t.app.documents.find(owner, [orphan.documentId])).toHaveLength(1);

    t.clock.advance(120_000);
    await removeOrphans();
    expect(await t.app.documents.find(owner, [orphan.documentId])).toEqual([]);
    expect(await storedFiles()).not.toContain(orphan.documentId);
    expect(await t.app.documents.find(owner, [kept.documentId])).toHaveLength(1);
    expect(await storedFiles()).toContain(kept.documentId);
    expect(documentsJobs.removeOrphans.schedule).toBeDefined();
  });
});
