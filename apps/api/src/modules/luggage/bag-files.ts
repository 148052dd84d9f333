import type { FastifyInstance } from 'fastify';
import { AppError, type LostBag } from '@tern/domain';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Owner } from '../../plugins/contracts.ts';
import type { Upload } from '../../plugins/uploads.ts';
import type { TravelRepo } from '../travel/index.ts';
import { toLostBag } from './mappers.ts';
import type { LostBagRow, LuggageRepo } from './repo.ts';

/**
 * Bags as the API answers them, and their files (the report image: one document, spec 2 §7),
 * each one a document of the documents area (`app.documents`): stored, scanned and served there.
 */
export function bagFiles(deps: {
  repo: LuggageRepo;
  travel: Pick<TravelRepo, 'flightsOf'>;
  documents: FastifyInstance['documents'];
}) {
  const { repo, travel, documents } = deps;

  async function views(owner: Owner, rows: LostBagRow[]): Promise<LostBag[]> {
    const ids = rows.map((b) => b.id);
    const [flights, attachments, events] = await Promise.all([
      travel.flightsOf([...new Set(rows.map((b) => b.tripId))]),
      repo.attachmentsOf(ids),
      repo.eventsOf(ids),
    ]);
    const found = await documents.find(
      owner,
      attachments.map((a) => a.documentId),
    );
    const byId = new Map(found.map((d) => [d.documentId, d]));
    return rows.map((bag) =>
      toLostBag(
        bag,
        flights.find((f) => f.id === bag.flightId)!,
        attachments.filter((a) => a.bagId === bag.id),
        events.filter((e) => e.bagId === bag.id),
        byId,
      ),
    );
  }

  const alreadyAttached = () =>
    new AppError('DOCUMENT_ALREADY_ATTACHED', { message: 'This report has its photo already' });

  return {
    views,
    view: async (owner: Owner, row: LostBagRow) => (await views(owner, [row]))[0]!,

    /** Stores the report image and attaches it; a second one is refused (409). */
    async attachImage(owner: Owner, bag: LostBagRow, upload: Upload, name: string) {
      const attached = await repo.attachmentsOf([bag.id]);
      if (attached.some((a) => a.kind === 'IMAGE')) throw alreadyAttached();
      const stored = await documents.store(owner, 'bag-photo', upload, name);
      try {
        await repo.insertAttachment({
          bagId: bag.id,
          kind: 'IMAGE',
          name: stored.name,
          documentId: stored.documentId,
        });
      } catch (error) {
        // Two uploads at once: the first attached wins, the other's file goes.
        await documents.remove(owner, stored.documentId);
        if (isUniqueViolation(error)) throw alreadyAttached();
        throw error;
      }
      await documents.attach(owner, stored.documentId);
    },

    /** A signed, short-lived download of one of the bag's files. */
    async downloadUrl(owner: Owner, bag: LostBagRow, attachmentId: string) {
      const file = (await repo.attachmentsOf([bag.id])).find((a) => a.id === attachmentId);
      if (!file) throw new AppError('DOCUMENT_NOT_FOUND', { message: `No file ${attachmentId}` });
      return documents.downloadUrl(owner, file.documentId);
    },

    /**
     * The files of a report about to be withdrawn: their bytes and documents (each attachment
     * goes with its document). First, so that a failure leaves the report to withdraw again
     * rather than files no report names.
     */
    async removeAll(owner: Owner, bag: LostBagRow) {
      for (const file of await repo.attachmentsOf([bag.id]))
        await documents.remove(owner, file.documentId);
    },
  };
}
export type BagFiles = ReturnType<typeof bagFiles>;
