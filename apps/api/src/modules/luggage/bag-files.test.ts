import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_USES,
  lostBagListSchema,
  lostBagSchema,
  luggageContracts,
  type LostBag,
} from '@tern/domain';
import { useTestApp } from '../../../test/app.ts';
import { pastFlight, uploadToBag } from '../../../test/bags.ts';
import { callAs, expectApiError } from '../../../test/calls.ts';
import { eicarPng, pdf, phonePhoto, photo } from '../../../test/photos.ts';
import { signIn, type SignedIn } from '../../../test/sign-in.ts';
import { EICAR } from '../../providers/scanner/port.ts';
import { lostBagAttachments } from './tables.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'tern-bag-files-'));
/** The names of the files the documents area keeps on disk. */
const storedFiles = async () =>
  (
    await readdir(join(dataDir, 'documents'), { recursive: true, withFileTypes: true }).catch(
      () => [],
    )
  )
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

/**
 * The report image through the luggage API, stored, scanned and served by the documents area
 * itself: one document per report, read through a 302 to a signed link (spec 2 §7).
 */
describe('the files of a bag', () => {
  // Jobs are worked when a test says so: a file is seen while it is still being scanned.
  const t = useTestApp({ config: { DATA_DIR: dataDir, RUN_JOBS: 'false' } });
  const call = callAs(t);
  let ada: SignedIn;
  let bob: SignedIn;
  let flight: Awaited<ReturnType<typeof pastFlight>>;
  beforeAll(async () => {
    ada = await signIn(t, 'travel');
    bob = await signIn(t, 'travel', 'agent');
    flight = await pastFlight(t, ada.userId);
  });

  let tags = 0;
  const newBag = async (): Promise<LostBag> => {
    tags += 1;
    const tagNumber = `00145${String(tags).padStart(5, '0')}`;
    const res = await call(luggageContracts.reportBag, ada, { body: flight.report({ tagNumber }) });
    expect(res.statusCode, res.body).toBe(201);
    return lostBagSchema.parse(res.json());
  };
  const attached = async (
    bagId: string,
    data: Buffer,
    filename = 'IMG_0042.JPG',
    name?: string,
  ) => {
    const res = await uploadToBag(t, ada, bagId, { filename, type: 'image/jpeg', data }, name);
    expect(res.statusCode, res.body).toBe(201);
    return lostBagSchema.parse(res.json());
  };
  /** Works the queued jobs (the scans) to the end, as the worker would. */
  const workJobs = async () => {
    await t.app.platform.jobs.start(t.app.log);
    try {
      await t.app.platform.jobs.settled();
    } finally {
      await t.app.platform.jobs.stop();
    }
  };
  const bagNow = async (bagId: string) =>
    lostBagSchema.parse((await call(luggageContracts.bag, ada, { params: { bagId } })).json());
  const follow = (url: string, who: SignedIn = ada) => t.app.inject({ url, headers: who.headers });
  const documentOf = async (attachmentId: string) =>
    (
      await t.database.db
        .select({ documentId: lostBagAttachments.documentId })
        .from(lostBagAttachments)
        .where(eq(lostBagAttachments.id, attachmentId))
    )[0]?.documentId;

  it('attaches a phone photo under the name given: scanning, then clean once scanned, the image', async () => {
    const bag = await newBag();
    const answered = await attached(bag.bagId, await phonePhoto(), 'IMG_0042.JPG', 'My blue case');
    expect(answered.attachments).toEqual([
      {
        attachmentId: expect.any(String),
        name: 'My blue case.jpg',
        url: answered.image,
        contentType: 'image/jpeg',
        state: 'scanning',
      },
    ]);
    expect(answered.image).not.toBeNull();
    // Not served before the scan has cleared it.
    expectApiError(await follow(answered.image!), 409, 'DOCUMENT_NOT_READY');

    await workJobs();
    const scanned = await bagNow(bag.bagId);
    expect(scanned.attachments).toMatchObject([{ state: 'clean' }]);
    expect(scanned.image).toBe(answered.image);
  });

  it('answers the image with a 302 to a signed link: its bytes without EXIF, nosniff and a sandboxing CSP', async () => {
    const original = await phonePhoto();
    expect(await exifr.gps(original)).toMatchObject({ latitude: 43.675 });
    const bag = await attached((await newBag()).bagId, original);
    await workJobs();

    const redirect = await follow(bag.image!);
    expect(redirect.statusCode, redirect.body).toBe(302);
    const location = redirect.headers.location!;
    expect(location).toMatch(/signature=/);
    // The link is the whole credential: it needs no session, no api-key.
    const res = await t.app.inject({ url: location });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(await exifr.gps(res.rawPayload)).toBeUndefined();
    expect(await exifr.parse(res.rawPayload)).toBeUndefined();
    expect((await sharp(res.rawPayload).metadata()).exif).toBeUndefined();
    expect(res.rawPayload.includes(Buffer.from('TernPhone'))).toBe(false);
  });

  it('refuses a second image on a report (409 DOCUMENT_ALREADY_ATTACHED), keeping the first', async () => {
    const bag = await attached((await newBag()).bagId, await phonePhoto());
    const before = await storedFiles();
    const res = await uploadToBag(t, ada, bag.bagId, {
      filename: 'other.png',
      data: await photo(8, 8).png().toBuffer(),
    });
    expectApiError(res, 409, 'DOCUMENT_ALREADY_ATTACHED');
    expect(await storedFiles()).toEqual(before);
    expect((await bagNow(bag.bagId)).attachments).toEqual(bag.attachments);
  });

  it('judges a photo by its bytes: a PDF or the EICAR string named bag.jpg answers 415, nothing stored', async () => {
    const bag = await newBag();
    const before = await storedFiles();
    for (const data of [pdf(), Buffer.from(EICAR)]) {
      const res = await uploadToBag(t, ada, bag.bagId, {
        filename: 'bag.jpg',
        type: 'image/jpeg',
        data,
      });
      expectApiError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await storedFiles()).toEqual(before);
    expect((await bagNow(bag.bagId)).attachments).toEqual([]);
  });

  it('answers 413 for a photo over 15 MB, and keeps nothing of it', async () => {
    const bag = await newBag();
    const before = await storedFiles();
    const { maxBytes } = DOCUMENT_USES['bag-photo'];
    expect(maxBytes).toBe(15 * 1024 * 1024);
    const head = await photo(8, 8).jpeg().toBuffer();
    const data = Buffer.concat([head, Buffer.alloc(maxBytes + 1 - head.length)]);
    const res = await uploadToBag(t, ada, bag.bagId, { filename: 'huge.jpg', data });
    expectApiError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(await storedFiles()).toEqual(before);
    expect((await bagNow(bag.bagId)).attachments).toEqual([]);
  });

  it('quarantines a photo that carries the EICAR test string: its bytes deleted, never served (404)', async () => {
    const bag = await attached((await newBag()).bagId, await eicarPng(), 'bag.png');
    const documentId = (await documentOf(bag.attachments[0]!.attachmentId))!;
    expect(await storedFiles()).toContain(documentId);
    await workJobs();
    expect((await bagNow(bag.bagId)).attachments).toMatchObject([{ state: 'quarantined' }]);
    expect(await storedFiles()).not.toContain(documentId);
    expectApiError(await follow(bag.image!), 404, 'DOCUMENT_NOT_FOUND');
  });

  it("answers 404 for another user's bag: its file, an upload to it, and a file the bag has not", async () => {
    const bag = await attached((await newBag()).bagId, await phonePhoto());
    await workJobs();
    expectApiError(await follow(bag.image!, bob), 404, 'BAG_NOT_FOUND');
    const res = await uploadToBag(t, bob, bag.bagId, {
      filename: 'mine.png',
      data: await photo(8, 8).png().toBuffer(),
    });
    expectApiError(res, 404, 'BAG_NOT_FOUND');
    expectApiError(
      await call(luggageContracts.attachment, ada, {
        params: { bagId: bag.bagId, attachmentId: randomUUID() },
      }),
      404,
      'DOCUMENT_NOT_FOUND',
    );
    expect((await follow(bag.image!)).statusCode).toBe(302);
  });

  it('withdraws a report with its photo: the document and its bytes are gone', async () => {
    const bag = await attached((await newBag()).bagId, await phonePhoto());
    await workJobs();
    const documentId = (await documentOf(bag.attachments[0]!.attachmentId))!;
    expect(await storedFiles()).toContain(documentId);

    const res = await call(luggageContracts.removeBag, ada, { params: { bagId: bag.bagId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(lostBagListSchema.parse(res.json()).map((b) => b.bagId)).not.toContain(bag.bagId);
    const owner = { userId: ada.userId, partnerId: 'travel' };
    expect(await t.app.documents.find(owner, [documentId])).toEqual([]);
    expect(await storedFiles()).not.toContain(documentId);
  });
});
