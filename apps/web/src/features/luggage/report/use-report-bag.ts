import { luggageContracts } from '@tern/domain/luggage/contracts';
import type { LostBagRequest } from '@tern/domain/luggage/requests';
import type { LostBag } from '@tern/domain/luggage/schemas';
import { useRef } from 'react';
import { useAppServices } from '../../../core/app-services.ts';
import { useRefreshDataset } from '../../../core/data/use-dataset.ts';
import { luggageDataset } from '../datasets.ts';

/** Where the report stands as it is sent: its three calls, the photo's with its percentage. */
export type ReportPhase =
  { step: 'report' } | { step: 'upload'; percent: number } | { step: 'complete' };

/**
 * Sends a bag report as spec 2 §4.6 has it: the report (REPORTED), its photo (one document),
 * then the report completed with status BAG_REPORTED_LOST. A step that fails leaves what went
 * before in place: sending again goes on from there — the details corrected with the completing
 * call, the photo not sent twice (a second would answer 409). The LUGGAGE list is fetched again
 * whatever happened, so a half-made report shows where it stands.
 */
export function useReportBag() {
  const { api } = useAppServices();
  const refresh = useRefreshDataset(luggageDataset);
  const made = useRef<LostBag | null>(null);

  return async (body: LostBagRequest, photo: File, onPhase: (phase: ReportPhase) => void) => {
    try {
      onPhase({ step: 'report' });
      const { tripId: _trip, flightId: _flight, ...details } = body;
      const earlier = made.current;
      const bag = earlier ?? (await api.call(luggageContracts.reportBag, { body }));
      made.current = bag;
      const params = { bagId: bag.bagId };
      if (bag.attachments.length === 0) {
        onPhase({ step: 'upload', percent: 0 });
        made.current = await api.upload(
          luggageContracts.attach,
          { params, query: { name: photo.name || 'bag-photo' } },
          {
            file: photo,
            fileName: photo.name || 'bag-photo',
            onProgress: (sent, total) =>
              onPhase({ step: 'upload', percent: total ? Math.round((sent / total) * 100) : 0 }),
          },
        );
      }
      onPhase({ step: 'complete' });
      return await api.call(luggageContracts.updateBag, {
        params,
        // A second attempt carries the details again: the customer may have corrected them.
        body: { status: 'BAG_REPORTED_LOST', ...(earlier ? details : {}) },
      });
    } finally {
      void refresh().catch(() => undefined);
    }
  };
}
