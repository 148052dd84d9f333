import { API_ROOT, luggageContracts, type LostBag } from '@tern/domain';
import type { BagAttachmentRow, LostBagRow } from './repo.ts';

/**
 * Where a file of a bag is read, below the bags' own path: the API will answer it with a 302
 * to a signed, expiring storage URL (spec 2 §7), so the storage key itself is never handed
 * out. The route and its contract arrive with the luggage issue.
 */
const attachmentUrl = (bagId: string, attachmentId: string) =>
  `${API_ROOT}${luggageContracts.bags.path}/${bagId}/attachments/${attachmentId}`;

export const toLostBag = (row: LostBagRow, attachments: BagAttachmentRow[]): LostBag => {
  const image = attachments.filter((a) => a.kind === 'IMAGE').at(-1);
  return {
    bagId: row.id,
    userId: row.userId,
    partnerId: row.partnerId,
    status: row.status as LostBag['status'],
    pir: row.pir,
    reportedOn: row.reportedOn.toISOString(),
    reportedOnLocal: row.reportedOnLocal,
    image: image ? attachmentUrl(row.id, image.id) : null,
    attachments: attachments.map((a) => ({
      attachmentId: a.id,
      name: a.name,
      url: attachmentUrl(row.id, a.id),
    })),
  };
};
