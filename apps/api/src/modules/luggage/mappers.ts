import { API_ROOT, luggageContracts, pathFor, type LostBag } from '@tern/domain';
import type { BagAttachmentRow, BagEventRow, LostBagRow } from './repo.ts';

/** What the documents area says of an attached file. */
export interface DocumentView {
  contentType: string;
  state: LostBag['attachments'][number]['state'];
}

/** The flight a bag was reported for, as its card's header names it. */
export interface BagFlight {
  flightNumber: string;
  embarkDate: string;
}

/**
 * Where a file of a bag is read: the API answers it with a 302 to a signed, short-lived
 * download (spec 2 §7), so the document's storage is never named to the client.
 */
const attachmentUrl = (bagId: string, attachmentId: string) =>
  `${API_ROOT}${pathFor(luggageContracts.attachment, { bagId, attachmentId })}`;

export function toLostBag(
  row: LostBagRow,
  flight: BagFlight,
  attachments: BagAttachmentRow[],
  events: BagEventRow[],
  documents: ReadonlyMap<string, DocumentView>,
): LostBag {
  const image = attachments.find((a) => a.kind === 'IMAGE');
  return {
    bagId: row.id,
    userId: row.userId,
    partnerId: row.partnerId,
    tripId: row.tripId,
    flightId: row.flightId,
    flightNumber: flight.flightNumber,
    embarkDate: flight.embarkDate,
    status: row.status,
    pir: row.pir,
    tagNumber: row.tagNumber,
    colour: row.colour,
    type: row.type,
    reportedOn: row.reportedOn.toISOString(),
    reportedOnLocal: row.reportedOnLocal,
    airtag:
      row.airtagUrl && row.airtagExpiresAt
        ? { url: row.airtagUrl, expiresAt: row.airtagExpiresAt.toISOString() }
        : null,
    image: image ? attachmentUrl(row.id, image.id) : null,
    attachments: attachments.map((a) => {
      const document = documents.get(a.documentId);
      return {
        attachmentId: a.id,
        name: a.name,
        url: attachmentUrl(row.id, a.id),
        contentType: document?.contentType ?? 'application/octet-stream',
        state: document?.state ?? 'scanning',
      };
    }),
    events: events.map((e) => ({
      status: e.status,
      at: e.at.toISOString(),
      source: e.source,
      station: e.station,
    })),
    created: row.createdAt.toISOString(),
  };
}
