import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import exifr from 'exifr';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import {
  DOWNLOAD_URL_TTL_MS,
  FILE_MAX_BYTES,
  ORPHAN_UPLOAD_AGE_MS,
  UPLOAD_URL_TTL_MS,
  apiErrorSchema,
  documentsContracts,
} from '@tern/domain';
import { encryptionKey } from '../../lib/encryption.ts';
import { EICAR } from '../../providers/scanner/port.ts';
import { useTestApp } from '../../../test/app.ts';
import { pdf, phonePhoto } from '../../../test/photos.ts';
import { signIn, type SignedIn } from '../../../test/sign-in.ts';
import { urlOf } from '../../../test/urls.ts';
import { documentsJobs } from './jobs.ts';
import { documentsRepo } from './repo.ts';
import { RECEIVING } from './tables.ts';
import { linkKey, signedLinks } from './links.ts';
import type { ScannedDocument } from './service.ts';

const streamUrlSchema = z.object({ documentId: z.uuid(), url: z.string() });
const uploadedSchema = z.object({
  documentId: z.uuid(),
  name: z.string(),
  size: z.number(),
  state: z.string(),
});

const dataDir = mkdtempSync(join(tmpdir(), 'tern-upload-links-'));
const storedFiles = async () =>
  (
    await readdir(join(dataDir, 'documents'), { recursive: true, withFileTypes: true }).catch(
      () => [],
    )
  )
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

describe('documents: signed upload URLs', () => {
  const t = useTestApp({
    config: { DATA_DIR: dataDir, RUN_JOBS: 'false', LOG_LEVEL: 'info' },
    logStream,
  });
  let ada: SignedIn;
  let bob: SignedIn;
  const heard: ScannedDocument[] = [];
  beforeAll(async () => {
    ada = await signIn(t, 'travel');
    bob = await signIn(t, 'travel', 'agent');
    t.app.documents.subscribe(async (document) => {
      heard.push(document);
    });
  });

  const codeOf = (body: string) => apiErrorSchema.parse(JSON.parse(body)).code;
  const owner = () => ({ userId: ada.userId, partnerId: 'travel' });
  const askUrl = (who: SignedIn, userId: string, documentName = 'receipt.pdf') =>
    t.app.inject({
      url: urlOf(documentsContracts.streamUrl, { id: userId }, { documentName }),
      headers: who.headers,
    });
  const newLink = async (documentName?: string) => {
    const res = await askUrl(ada, ada.userId, documentName);
    expect(res.statusCode, res.body).toBe(200);
    return streamUrlSchema.parse(res.json());
  };
  /** A PUT of `payload` to a signed URL, as a browser sends it: no api-key, no session. */
  const put = (url: string, payload: Buffer | Readable | string, headers = {}) =>
    t.app.inject({ method: 'PUT', url, payload, headers });
  const stateOf = async (documentId: string) =>
    (await t.app.documents.find(owner(), [documentId]))[0]?.state;
  const scan = (documentId: string) =>
    documentsJobs.scan.run({ documentId }, { documents: t.app.documents, log: t.app.log });
  const queuedScans = async (documentId: string) => {
    const { rows } = await t.database.pool.query<{ payload: { documentId: string } }>(
      `select j.payload from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = $1`,
      [documentsJobs.scan.name],
    );
    return rows.filter((r) => r.payload.documentId === documentId).length;
  };
  /** The link's query parts, to alter one. */
  const partsOf = (url: string) => {
    const parsed = new URL(url, 'http://x');
    return {
      path: parsed.pathname,
      user: parsed.searchParams.get('user')!,
      expires: parsed.searchParams.get('expires')!,
      signature: parsed.searchParams.get('signature')!,
    };
  };
  const withQuery = (path: string, query: Record<string, string>) =>
    `${path}?${new URLSearchParams(query).toString()}`;

  it('hands out a URL below the API root and lists the file at once as awaited', async () => {
    const { documentId, url } = await newLink('Facture mars.pdf');
    expect(url.startsWith(`${urlOf(documentsContracts.upload, { documentId })}?`)).toBe(true);
    const { expires } = partsOf(url);
    expect(Number(expires) * 1000 - t.clock.now().getTime()).toBeLessThanOrEqual(UPLOAD_URL_TTL_MS);
    expect(Number(expires) * 1000 - t.clock.now().getTime()).toBeGreaterThan(
      UPLOAD_URL_TTL_MS - 1000,
    );
    const [doc] = await t.app.documents.find(owner(), [documentId]);
    expect(doc).toMatchObject({ name: 'Facture mars.pdf', state: 'awaiting', size: 0 });
    // Nothing to download yet.
    await expect(t.app.documents.downloadUrl(owner(), documentId)).rejects.toMatchObject({
      code: 'DOCUMENT_NOT_READY',
    });
  });

  it("answers 404 for another user's id, and 400 without a name", async () => {
    const foreign = await askUrl(ada, bob.userId);
    expect(foreign.statusCode).toBe(404);
    expect(codeOf(foreign.body)).toBe('USER_NOT_FOUND');
    const unnamed = await t.app.inject({
      url: urlOf(documentsContracts.streamUrl, { id: ada.userId }),
      headers: ada.headers,
    });
    expect(unnamed.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      url: urlOf(documentsContracts.streamUrl, { id: ada.userId }, { documentName: 'x.pdf' }),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('takes the file as the raw body with no api-key, stores it and queues its scan', async () => {
    const { documentId, url } = await newLink('receipt.pdf');
    const data = pdf('the plumber’s invoice');
    // The declared type is never trusted nor needed: a browser may send anything.
    const res = await put(url, data, { 'content-type': 'text/plain' });
    expect(res.statusCode, res.body).toBe(201);
    expect(uploadedSchema.parse(res.json())).toEqual({
      documentId,
      name: 'receipt.pdf',
      size: data.length,
      state: 'scanning',
    });
    expect(await storedFiles()).toContain(documentId);
    expect(await queuedScans(documentId)).toBe(1);

    await scan(documentId);
    const { location } = await t.app.documents.downloadUrl(owner(), documentId);
    const served = await t.app.inject({ url: location });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(data)).toBe(true);
    expect(served.headers['content-type']).toBe('application/pdf');
  });

  it('records the bytes and queues the scan in one commit: a scan that cannot be queued records nothing', async () => {
    const { documentId } = await newLink();
    const repo = documentsRepo(t.database.db);
    expect(await repo.takeAwaited(documentId, ada.userId)).toBeDefined();
    const bytes = { name: 'receipt.pdf', contentType: 'application/pdf', size: 10 };
    // The job's statement fails (as a crash between the two would have left it unqueued).
    await expect(repo.received(documentId, bytes, sql`(select 1 / 0)`)).rejects.toThrow();
    expect((await repo.byId(documentId))?.state).toBe(RECEIVING);
    expect(await queuedScans(documentId)).toBe(0);
    // With the scan's job: recorded and queued together.
    const stored = await repo.received(
      documentId,
      bytes,
      t.app.platform.jobs.addition(documentsJobs.scan, { documentId }),
    );
    expect(stored?.state).toBe('scanning');
    expect(await queuedScans(documentId)).toBe(1);
  });

  it('reads any Content-Type, or none, as the bytes: JSON and multipart are not parsed', async () => {
    for (const headers of [
      { 'content-type': 'application/json' },
      { 'content-type': 'multipart/form-data; boundary=x' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      {},
    ]) {
      const { documentId, url } = await newLink();
      const res = await put(url, pdf(), headers);
      expect(res.statusCode, `${JSON.stringify(headers)}: ${res.body}`).toBe(201);
      expect(await stateOf(documentId)).toBe('scanning');
    }
  });

  it('keeps photos re-encoded, with no EXIF, named by the stored type', async () => {
    const { documentId, url } = await newLink('IMG_0042.HEIC');
    const res = await put(url, await phonePhoto(), { 'content-type': 'image/heic' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'IMG_0042.jpg' });
    await scan(documentId);
    const served = await t.app.inject({
      url: (await t.app.documents.downloadUrl(owner(), documentId)).location,
    });
    expect(await exifr.gps(served.rawPayload)).toBeUndefined();
  });

  it('answers 413 for a declared length past 26,214,400 bytes before reading, nothing kept', async () => {
    const before = await storedFiles();
    const { documentId, url } = await newLink();
    const res = await put(url, pdf(), { 'content-length': String(FILE_MAX_BYTES + 1) });
    expect(res.statusCode).toBe(413);
    expect(codeOf(res.body)).toBe('PAYLOAD_TOO_LARGE');
    expect(await storedFiles()).toEqual(before);
    expect(await stateOf(documentId)).toBe('awaiting');
  });

  it('answers 413 once a body with no length streams past the limit, nothing kept; the link stays good', async () => {
    const before = await storedFiles();
    const { documentId, url } = await newLink();
    const head = pdf();
    const chunk = 1 << 20;
    /** 26,214,401 bytes, sent in chunks with no Content-Length. */
    const tooBig = function* () {
      yield head;
      let sent = head.length;
      while (sent < FILE_MAX_BYTES + 1) {
        const size = Math.min(chunk, FILE_MAX_BYTES + 1 - sent);
        yield Buffer.alloc(size, 0x20);
        sent += size;
      }
    };
    const res = await put(url, Readable.from(tooBig()));
    expect(res.statusCode).toBe(413);
    expect(codeOf(res.body)).toBe('PAYLOAD_TOO_LARGE');
    expect(await storedFiles()).toEqual(before);
    expect(await stateOf(documentId)).toBe('awaiting');
    expect(await queuedScans(documentId)).toBe(0);

    // Exactly the limit is a file it takes, through the same link.
    const atLimit = Buffer.concat([head, Buffer.alloc(FILE_MAX_BYTES - head.length, 0x20)]);
    const ok = await put(url, Readable.from([atLimit.subarray(0, chunk), atLimit.subarray(chunk)]));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ size: FILE_MAX_BYTES });
  });

  it('answers 415 for a type the use does not allow, by its bytes, nothing kept', async () => {
    const before = await storedFiles();
    const { documentId, url } = await newLink('notes.pdf');
    for (const data of ['just some text', Buffer.from('GIF89a\x01\x00\x01\x00')]) {
      const res = await put(url, data, { 'content-type': 'application/pdf' });
      expect(res.statusCode).toBe(415);
      expect(codeOf(res.body)).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await storedFiles()).toEqual(before);
    expect(await stateOf(documentId)).toBe('awaiting');
  });

  it('works once: a second PUT answers 403 and stores nothing more', async () => {
    const { documentId, url } = await newLink();
    expect((await put(url, pdf('first'))).statusCode).toBe(201);
    const again = await put(url, pdf('second'));
    expect(again.statusCode).toBe(403);
    expect(codeOf(again.body)).toBe('DOCUMENT_LINK_INVALID');
    expect((await t.app.documents.find(owner(), [documentId]))[0]).toMatchObject({
      size: pdf('first').length,
    });
    expect(await queuedScans(documentId)).toBe(1);
  });

  it('stores once when two PUTs of one link come at once', async () => {
    const { documentId, url } = await newLink();
    const answers = await Promise.all([put(url, pdf('one')), put(url, pdf('two'))]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 403]);
    expect((await storedFiles()).filter((name) => name === documentId)).toHaveLength(1);
    expect(await queuedScans(documentId)).toBe(1);
  });

  it('answers 403 for an altered link: signature, expiry, user, or another document', async () => {
    const { url } = await newLink();
    const other = await newLink();
    const { path, user, expires, signature } = partsOf(url);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      withQuery(path, { user, expires, signature: flipped }),
      withQuery(path, { user, expires: String(Number(expires) - 60), signature }),
      withQuery(path, { user: bob.userId, expires, signature }),
      withQuery(partsOf(other.url).path, { user, expires, signature }),
    ]) {
      const res = await put(bad, pdf());
      expect(res.statusCode, bad).toBe(403);
      expect(codeOf(res.body)).toBe('DOCUMENT_LINK_INVALID');
    }
    // Untouched, both still work.
    expect((await put(url, pdf())).statusCode).toBe(201);
    expect((await put(other.url, pdf())).statusCode).toBe(201);
  });

  it('never lets an upload link download, nor a download link upload', async () => {
    const { documentId, url } = await newLink();
    expect((await put(url, pdf())).statusCode).toBe(201);
    await scan(documentId);
    const { user, expires, signature } = partsOf(url);
    const asDownload = await t.app.inject({
      url: urlOf(documentsContracts.content, { documentId }, { user, expires, signature }),
    });
    expect(asDownload.statusCode).toBe(403);
    expect(codeOf(asDownload.body)).toBe('DOCUMENT_LINK_INVALID');

    // A download link for an awaited file, signed as the API signs them, opens no upload.
    const awaited = await newLink();
    const config = t.app.platform.config;
    const downloads = signedLinks(
      linkKey(encryptionKey({ key: config.ENCRYPTION_KEY, dataDir: config.DATA_DIR }), 'download'),
      t.clock,
      DOWNLOAD_URL_TTL_MS,
    );
    const download = downloads.issue(awaited.documentId, ada.userId);
    const asUpload = await put(
      withQuery(partsOf(awaited.url).path, {
        user: download.user,
        expires: String(download.expires),
        signature: download.signature,
      }),
      pdf(),
    );
    expect(asUpload.statusCode).toBe(403);
    expect(codeOf(asUpload.body)).toBe('DOCUMENT_LINK_INVALID');
    expect(await stateOf(awaited.documentId)).toBe('awaiting');
  });

  it('never logs the signature', async () => {
    const { url } = await newLink();
    const { signature } = partsOf(url);
    await put(url, pdf());
    const log = lines.join('');
    expect(log).toContain('/upload?');
    expect(log).not.toContain(signature);
  });

  it('tells subscribers each verdict once, clean or quarantined (EICAR); a failing one changes nothing', async () => {
    t.app.documents.subscribe(async () => {
      throw new Error('a listener that fails');
    });
    const clean = await newLink('clean.pdf');
    const infected = await newLink('infected.pdf');
    expect((await put(clean.url, pdf())).statusCode).toBe(201);
    expect((await put(infected.url, pdf(EICAR))).statusCode).toBe(201);
    await scan(clean.documentId);
    await scan(infected.documentId);
    await scan(clean.documentId);
    const about = (id: string) => heard.filter((doc) => doc.documentId === id);
    expect(about(clean.documentId)).toEqual([
      expect.objectContaining({
        documentId: clean.documentId,
        name: 'clean.pdf',
        state: 'clean',
        userId: ada.userId,
        partnerId: 'travel',
        use: 'claim-dispute',
      }),
    ]);
    expect(about(infected.documentId)).toEqual([
      expect.objectContaining({ state: 'quarantined', use: 'claim-dispute' }),
    ]);
    expect(await stateOf(clean.documentId)).toBe('clean');
    expect(await stateOf(infected.documentId)).toBe('quarantined');
    expect(await storedFiles()).not.toContain(infected.documentId);
    expect(lines.join('')).toContain('a scan listener failed');
  });

  // Last but one: it moves the clock past the links' lives.
  it('answers 403 once the link has expired', async () => {
    const { documentId, url } = await newLink();
    t.clock.advance(UPLOAD_URL_TTL_MS + 1000);
    const res = await put(url, pdf());
    expect(res.statusCode).toBe(403);
    expect(codeOf(res.body)).toBe('DOCUMENT_LINK_INVALID');
    expect(await stateOf(documentId)).toBe('awaiting');
  });

  // Last: it moves the clock a day on, past every session.
  it('removes an awaited file never sent with the orphans; its link opens nothing', async () => {
    const { documentId, url } = await newLink();
    const attached = await newLink();
    await t.app.documents.attach(owner(), attached.documentId);
    t.clock.advance(ORPHAN_UPLOAD_AGE_MS + 60_000);
    await documentsJobs.removeOrphans.run({}, { documents: t.app.documents, log: t.app.log });
    expect(await t.app.documents.find(owner(), [documentId])).toEqual([]);
    expect(await t.app.documents.find(owner(), [attached.documentId])).toHaveLength(1);
    expect((await put(url, pdf())).statusCode).toBe(403);
  });
});
