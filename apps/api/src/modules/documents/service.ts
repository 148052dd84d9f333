import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { SQL } from 'drizzle-orm';
import {
  API_ROOT,
  AppError,
  DOCUMENT_USES,
  ORPHAN_UPLOAD_AGE_MS,
  documentsContracts,
  urlFor,
  type DocumentLinkQuery,
  type DocumentState,
  type DocumentType,
  type DocumentUse,
} from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import type { Owner } from '../../plugins/contracts.ts';
import type { ScannerPort } from '../../providers/scanner/index.ts';
import type { StoragePort } from '../../providers/storage/index.ts';
import { cleanName, displayName, isImage, limitBytes, readAll, reencode, sniff } from './intake.ts';
import type { SignedLinks } from './links.ts';
import type { DocumentRow, DocumentsRepo } from './repo.ts';
import { RECEIVING } from './tables.ts';

/** A stored file as the areas that attach it see it. */
export interface StoredDocument {
  documentId: string;
  name: string;
  contentType: string;
  size: number;
  state: DocumentState;
  createdAt: string;
}

/** A scanned file as the areas that listen for scans hear it: whose it is and what for. */
export type ScannedDocument = StoredDocument & {
  userId: string;
  partnerId: string;
  use: DocumentUse;
};
/** Hears each scan's verdict (`subscribe`): the file is clean or quarantined by then. */
export type ScanListener = (document: ScannedDocument) => Promise<void>;

/** The use a signed upload URL (`documents/stream-url`) takes a file for: a claim's dispute. */
const STREAM_UPLOAD_USE: DocumentUse = 'claim-dispute';
/** What an awaited file is until its bytes come (none: no type, no size). */
const AWAITED_TYPE = 'application/octet-stream';

const toStored = (row: DocumentRow): StoredDocument => ({
  documentId: row.id,
  name: row.name,
  contentType: row.contentType,
  size: row.size,
  // A file whose bytes are arriving is still awaited as far as its owner can tell.
  state: (row.state === RECEIVING ? 'awaiting' : row.state) as DocumentState,
  createdAt: row.createdAt.toISOString(),
});

const notFound = (documentId: string) =>
  new AppError('DOCUMENT_NOT_FOUND', { message: `No document ${documentId}` });

const linkInvalid = (why: string) => new AppError('DOCUMENT_LINK_INVALID', { message: why });

export function documentsService(deps: {
  repo: DocumentsRepo;
  storage: StoragePort;
  scanner: ScannerPort;
  /** Download links (`content`) and upload links (`upload`): two keys, never each other's. */
  links: { download: SignedLinks; upload: SignedLinks };
  clock: Clock;
  /**
   * The scan of a stored file (the `documents.scan` job), queued in the commit that records
   * its bytes: a crash just after cannot leave an acknowledged upload that is never scanned.
   */
  scanning: (documentId: string) => SQL;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { repo, storage, scanner, links, clock, scanning, log } = deps;
  const listeners: ScanListener[] = [];

  /** Tells every listener a scan's verdict; one that fails is logged, the verdict stands. */
  async function tell(row: DocumentRow) {
    const scanned: ScannedDocument = {
      ...toStored(row),
      userId: row.userId,
      partnerId: row.partnerId,
      use: row.use as DocumentUse,
    };
    for (const listener of listeners)
      try {
        await listener(scanned);
      } catch (error) {
        log.error({ err: error, documentId: row.id }, 'a scan listener failed');
      }
  }

  /** The bytes of an upload as they are kept, with their type and size, under `key`. */
  async function keep(key: string, use: DocumentUse, stream: Readable) {
    const sniffed = await sniff(limitBytes(stream, use));
    const { type } = sniffed;
    if (!type || !(DOCUMENT_USES[use].types as readonly DocumentType[]).includes(type)) {
      sniffed.stream.destroy();
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
        message: `A file for ${use} is ${DOCUMENT_USES[use].types.join(', ')} (by its bytes)`,
      });
    }
    if (isImage(type)) {
      // Read whole (and limited) before anything is stored: a photo is decoded in one piece.
      const { bytes, contentType } = await reencode(await readAll(sniffed.stream), type);
      const { size } = await storage.put(key, bytes, contentType);
      return { contentType, size };
    }
    // A PDF streams to the store as it is; past the limit the store keeps nothing.
    try {
      const { size } = await storage.put(key, sniffed.stream, type);
      return { contentType: type, size };
    } catch (error) {
      await storage.delete(key);
      throw error;
    }
  }

  async function own(owner: Owner, documentId: string): Promise<DocumentRow> {
    const [row] = await repo.find(owner, [documentId]);
    if (!row) throw notFound(documentId);
    return row;
  }

  return {
    /**
     * Stores an upload for `use`: its type read from its bytes (415 when the use does not
     * allow it, whatever its name or declared type), at most the use's size (413, nothing
     * kept), photos re-encoded without metadata. Held as `scanning` until the scan clears it.
     */
    async store(
      owner: Owner,
      use: DocumentUse,
      upload: { filename: string; stream: Readable },
      name?: string,
    ): Promise<StoredDocument> {
      const id = randomUUID();
      // The server's name, never the client's: the partner's folder, then an id.
      const storageKey = `${owner.partnerId}/${id}`;
      const { contentType, size } = await keep(storageKey, use, upload.stream);
      const row = await repo.insert(
        {
          id,
          userId: owner.userId,
          partnerId: owner.partnerId,
          use,
          name: displayName(name ?? upload.filename, contentType),
          contentType,
          size,
          storageKey,
          state: 'scanning',
          createdAt: clock.now(),
        },
        scanning(id),
      );
      return toStored(row);
    },

    /**
     * An awaited file of `owner` for a claim's dispute, named `documentName`, and the signed
     * URL below the API root its bytes are PUT to: good once, for UPLOAD_URL_TTL_MS. The file
     * is in its owner's list at once (`awaiting`); one never sent is removed with the orphans.
     */
    async streamUrl(
      owner: Owner,
      documentName: string,
    ): Promise<{ documentId: string; url: string }> {
      const id = randomUUID();
      await repo.insert({
        id,
        userId: owner.userId,
        partnerId: owner.partnerId,
        use: STREAM_UPLOAD_USE,
        name: cleanName(documentName) || 'document',
        contentType: AWAITED_TYPE,
        size: 0,
        storageKey: `${owner.partnerId}/${id}`,
        state: 'awaiting',
        createdAt: clock.now(),
      });
      const { user, expires, signature } = links.upload.issue(id, owner.userId);
      const query = { user, expires: String(expires), signature };
      return {
        documentId: id,
        url: urlFor(API_ROOT, documentsContracts.upload, { documentId: id }, query),
      };
    },

    /**
     * The bytes of an awaited file, through its signed upload URL: 403 for a link that is not
     * valid now or was used already (the file is no longer awaited: two PUTs at once store
     * once), else kept as `store` keeps a file (415, 413 with nothing kept, photos
     * re-encoded) and scanned. A refused file leaves the link good until it expires.
     */
    async upload(
      documentId: string,
      link: DocumentLinkQuery,
      upload: { stream: Readable },
    ): Promise<StoredDocument> {
      if (!links.upload.verify(documentId, link))
        throw linkInvalid('The upload link expired or was altered');
      const row = await repo.takeAwaited(documentId, link.user);
      if (!row) throw linkInvalid('The upload link was used already');
      let kept;
      try {
        kept = await keep(row.storageKey, row.use as DocumentUse, upload.stream);
      } catch (error) {
        await repo.releaseAwaited(documentId);
        throw error;
      }
      const stored = await repo.received(
        documentId,
        { name: displayName(row.name, kept.contentType), ...kept },
        scanning(documentId),
      );
      if (!stored) {
        // Its owner removed it while the bytes came: they are not kept either.
        await storage.delete(row.storageKey);
        throw linkInvalid('The file was removed');
      }
      return toStored(stored);
    },

    /**
     * Hears every scan's verdict: after a file became clean or quarantined, once per file, in
     * the process whose worker scanned it (every process builds every area, so an area
     * subscribes as it starts). A listener's failure is logged and never undoes the verdict.
     */
    subscribe(listener: ScanListener): void {
      listeners.push(listener);
    },

    /** Marks an owner's upload attached (kept past the orphan age). */
    async attach(owner: Owner, documentId: string): Promise<StoredDocument> {
      const row = await repo.attach(owner, documentId, clock.now());
      if (!row) throw notFound(documentId);
      return toStored(row);
    },

    /** An owner's documents among `ids` (others' are left out). */
    async find(owner: Owner, ids: readonly string[]): Promise<StoredDocument[]> {
      return (await repo.find(owner, ids)).map(toStored);
    },

    /** Removes an owner's document and its bytes. */
    async remove(owner: Owner, documentId: string): Promise<void> {
      const row = await own(owner, documentId);
      await storage.delete(row.storageKey);
      await repo.remove(row.id);
    },

    /**
     * A signed link to an owner's clean file, below the API root, valid at most
     * DOWNLOAD_URL_TTL_MS: 404 for another's or a quarantined one, 409 while it is scanned.
     */
    async downloadUrl(owner: Owner, documentId: string): Promise<{ location: string }> {
      const row = await own(owner, documentId);
      if (row.state === 'quarantined') throw notFound(documentId);
      if (row.state !== 'clean')
        throw new AppError('DOCUMENT_NOT_READY', {
          message:
            row.state === 'scanning'
              ? 'The file is still being scanned'
              : 'The file has not been uploaded yet',
        });
      const { user, expires, signature } = links.download.issue(documentId, owner.userId);
      const query = { user, expires: String(expires), signature };
      return { location: urlFor(API_ROOT, documentsContracts.content, { documentId }, query) };
    },

    /** The file a signed link names: 403 for a link that is not valid now, 404 for a file gone. */
    async content(documentId: string, link: DocumentLinkQuery) {
      if (!links.download.verify(documentId, link))
        throw new AppError('DOCUMENT_LINK_INVALID', { message: 'The link expired or was altered' });
      const row = await repo.byId(documentId);
      if (!row || row.userId !== link.user || row.state !== 'clean') throw notFound(documentId);
      const body = await storage.get(row.storageKey);
      if (!body) throw notFound(documentId);
      return {
        body,
        name: row.name,
        contentType: row.contentType,
        maxAge: links.download.secondsLeft(link),
      };
    },

    /** Scans a stored file: clean, or quarantined with its bytes deleted (never served). */
    async scan(documentId: string): Promise<void> {
      const row = await repo.byId(documentId);
      if (!row || row.state !== 'scanning') return;
      const body = await storage.get(row.storageKey);
      if (!body) throw new Error(`Document ${documentId} has no bytes to scan`);
      const result = await scanner.scan(body);
      if (!result.clean) await storage.delete(row.storageKey);
      const scanned = await repo.setState(
        documentId,
        result.clean ? 'clean' : 'quarantined',
        result.clean ? null : result.signature,
      );
      // Only the run that gave the verdict tells it.
      if (scanned) await tell(scanned);
    },

    /** Removes uploads no area attached within ORPHAN_UPLOAD_AGE_MS: bytes, then rows. */
    async removeOrphans(): Promise<number> {
      const orphans = await repo.orphans(new Date(clock.now().getTime() - ORPHAN_UPLOAD_AGE_MS));
      for (const row of orphans) {
        await storage.delete(row.storageKey);
        await repo.remove(row.id);
      }
      return orphans.length;
    },
  };
}
export type DocumentsService = ReturnType<typeof documentsService>;
