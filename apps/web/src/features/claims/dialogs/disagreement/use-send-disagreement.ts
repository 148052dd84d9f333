import { claimsContracts } from '@tern/domain/claims/contracts';
import { periodKey, type ClaimPeriod } from '@tern/domain/claims/rules';
import type { ItemAlert } from '@tern/domain/claims/schemas';
import { documentsContracts } from '@tern/domain/documents/contracts';
import { useRef } from 'react';
import { useAppServices } from '../../../../core/app-services.ts';
import { useSession } from '../../../../core/session/use-logged-in.ts';
import { ApiRequestError } from '../../../../lib/api-request-error.ts';
import { useRefreshClaims } from '../use-refresh-claims.ts';
import { disputeBody, type DisagreementFormValues, type SentFile } from './disagreement-form.ts';
import { putToSignedUrl } from './signed-upload.ts';

/** Why a file was refused: too large or not a PDF or image (the upload), or its scan. */
type FileRefusal = 'too_big' | 'wrong_type' | 'quarantined';

/** Where one file of the disagreement stands as it is sent (spec 2 §5, issue 28). */
export type FileProgress = {
  file: File;
  /** `YYYY-MM` of its period. */
  period: string;
  state: 'waiting' | 'uploading' | 'scanning' | 'clean' | 'refused';
  /** Of the upload, while uploading. */
  percent: number;
  documentId?: string | undefined;
  refusal?: FileRefusal | undefined;
};

/** The upload's refusals of a file itself (the rest fail the whole sending). */
const REFUSALS: Record<number, FileRefusal> = { 413: 'too_big', 415: 'wrong_type' };

/** No period is left to dispute: every file of the chosen periods was refused. */
export class NothingLeftError extends Error {}

/** Names the API keeps at most this long (`documentName`, the attachment's `name`). */
const NAME_MAX = 200;
const nameOf = (file: File) => (file.name || 'file').slice(0, NAME_MAX);

/**
 * Sends the customer's disagreement with the offer (spec 2 §7): each file of each chosen
 * period in turn — a stream URL for it, its bytes PUT there with their progress, then attached
 * to the claim for its month — and then the USER-DISPUTE dataset with the notes and the files
 * attached. A file the upload refuses (413, 415) is left out and said so; any other failure
 * stops the sending, and sending again goes on from there: files already attached are not
 * sent twice (a month takes 5).
 */
export function useSendDisagreement(claim: Pick<ItemAlert, 'itemId' | 'alertId'>) {
  const { api } = useAppServices();
  const userId = useSession()?.userId ?? '';
  const refresh = useRefreshClaims();
  const sent = useRef(new Map<File, SentFile & { progress: FileProgress }>());

  return async (
    periods: readonly ClaimPeriod[],
    values: DisagreementFormValues,
    onProgress: (files: FileProgress[]) => void,
  ): Promise<void> => {
    const params = { itemId: claim.itemId, alertId: claim.alertId };
    const jobs = periods.flatMap((period, index) => {
      const entry = values.periods[index];
      return entry?.chosen ? entry.files.map((file) => ({ period, file })) : [];
    });
    const progress: FileProgress[] = jobs.map(
      ({ period, file }) =>
        sent.current.get(file)?.progress ?? {
          file,
          period: periodKey(period),
          state: 'waiting',
          percent: 0,
        },
    );
    const tell = (index: number, change: Partial<FileProgress>) => {
      progress[index] = { ...progress[index]!, ...change };
      onProgress([...progress]);
    };
    onProgress([...progress]);

    for (const [index, { period, file }] of jobs.entries()) {
      if (sent.current.has(file)) continue;
      tell(index, { state: 'uploading', percent: 0 });
      try {
        const { documentId, url } = await api.call(documentsContracts.streamUrl, {
          params: { id: userId },
          query: { documentName: nameOf(file) },
        });
        await putToSignedUrl(url, file, (done, total) =>
          tell(index, { percent: total ? Math.round((done / total) * 100) : 0 }),
        );
        const attached = await api.call(claimsContracts.attach, {
          params,
          query: { name: nameOf(file) },
          body: { year: period.year, month: period.month, documentId },
        });
        // The claim's files as the page shows them (and their scans, live) include it now.
        void refresh();
        if (attached.state === 'quarantined') {
          tell(index, { state: 'refused', refusal: 'quarantined', documentId });
          sent.current.set(file, { refused: true, progress: progress[index]! });
        } else {
          const state = attached.state === 'awaiting' ? 'uploading' : attached.state;
          tell(index, { state, percent: 100, documentId });
          sent.current.set(file, { documentId, name: nameOf(file), progress: progress[index]! });
        }
      } catch (error) {
        const refusal = error instanceof ApiRequestError ? REFUSALS[error.status] : undefined;
        if (!refusal) {
          tell(index, { state: 'waiting', percent: 0 });
          throw error;
        }
        tell(index, { state: 'refused', refusal });
        sent.current.set(file, { refused: true, progress: progress[index]! });
      }
    }

    const body = disputeBody(periods, values, (file) => sent.current.get(file));
    if (body.data.length === 0) throw new NothingLeftError();
    await api.call(claimsContracts.addDataset, { params, body });
    await refresh();
  };
}
