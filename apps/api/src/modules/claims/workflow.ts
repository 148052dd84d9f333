import { randomUUID } from 'node:crypto';
import {
  AppError,
  CLAIM_DATASETS,
  DISPUTE_DATASET,
  FILES_PER_PERIOD,
  alertPeriods,
  expectedRevenue,
  periodKey,
  type AlertPatch,
  type ClaimDatasetRow,
  type ClaimDocument,
  type DisputeDataset,
  type ItemAlert,
  type MonthRevenue,
  type OfferNote,
  type PredictionPatch,
} from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import type { Caller } from '../../plugins/contracts.ts';
import type { DocumentsService } from '../documents/index.ts';
import type { BankRevenue } from './bank-revenue.ts';
import {
  actorOf,
  alertNotFound,
  datasetOf,
  offerOf,
  predictionOf,
  withDataset,
  wrongStep,
  type ClaimsReader,
} from './claims-service.ts';
import type { ClaimNotifier, ClaimStep } from './notify.ts';
import type { ClaimPayouts } from './payouts.ts';
import type { ClaimsRepo, ItemAlertRow, NewClaimEvent } from './repo.ts';
import { adjustedOffer, offerFor, type DisputedMonth } from './underwriting.ts';

const total = (rows: readonly { revenue?: number | null | undefined }[]) =>
  rows.reduce((sum, row) => sum + (row.revenue ?? 0), 0);

const asRevenue = (
  rows: readonly { year: number; month: number; revenue?: number | null | undefined }[],
): MonthRevenue[] =>
  rows.map(({ year, month, revenue }) => ({ year, month, revenue: revenue ?? 0 }));

/** Where the customer stands with the insurer's first offer: they may dispute or accept it. */
const awaitsAnswerToOffer = (alert: ItemAlertRow) =>
  alert.status === 'USER-CONFIRM-OFFER' &&
  offerOf(alert.datasets)?.completed === true &&
  !alert.confirmed &&
  !alert.completed;

const invalidPeriods = (message: string) =>
  new AppError('INVALID_PARAMS', { message, field: 'data' });

/**
 * A parametric claim's workflow (spec 2 §4.9): the customer's revenue prediction, the
 * insurer's offer, its acceptance or the customer's dispute with files, the adjusted offer.
 * Each change is made under the claim's row lock and leaves its entry on the timeline.
 */
export function claimWorkflow(deps: {
  repo: ClaimsRepo;
  reader: ClaimsReader;
  bank: BankRevenue;
  documents: Pick<DocumentsService, 'find' | 'attach'>;
  payouts: Pick<ClaimPayouts, 'rowsFor' | 'closeAlert'>;
  clock: Clock;
  notifier: ClaimNotifier;
  queueUnderwriting: (alertId: string) => Promise<void>;
  queueDisputeReview: (alertId: string) => Promise<void>;
}) {
  const { repo, reader, bank, documents, clock, notifier } = deps;

  /** Applies a change to a claim the caller owns, then answers it as it now is. */
  async function change(
    caller: Caller,
    alertId: string,
    decide: Parameters<ClaimsRepo['changeAlert']>[1],
  ): Promise<ItemAlert> {
    const changed = await repo.changeAlert(alertId, decide, clock.now());
    if (!changed) throw alertNotFound(alertId);
    await notifier.changed(caller.userId);
    return reader.alert(caller, alertId);
  }

  /** The insurer's offer (first or adjusted) on the timeline, with its total and changes. */
  const offerEvent = (
    kind: 'offer-made' | 'offer-adjusted',
    rows: readonly ClaimDatasetRow[],
    currency: string,
  ): NewClaimEvent => ({
    at: clock.now(),
    actor: 'insurer',
    kind,
    details: {
      total: total(rows),
      changed: rows.filter((r) => r.reason !== 'kept').length,
      currency,
    },
  });

  /** Tells a claim's owner, whose pages read it again, by email too. */
  async function tell(facts: NonNullable<Awaited<ReturnType<typeof factsOf>>>, step: ClaimStep) {
    await notifier.changed(facts.item.userId);
    await notifier.email(
      { ...facts.item, claimNumber: facts.alert.claimNumber, businessName: facts.businessName },
      step,
    );
  }

  /** The business and owner of a claim, for the jobs that act on it without a caller. */
  async function factsOf(alertId: string) {
    const facts = await deps.repo.alertFacts(alertId);
    if (!facts) return undefined;
    return { ...facts, business: facts.item, businessName: facts.item.properties.name };
  }

  return {
    /**
     * Saves the revenue prediction: a figure for every period of the alert month split and no
     * other; `completed` submits it and the insurer's offer follows.
     */
    async savePrediction(
      caller: Caller,
      path: { itemId: string; alertId: string; datasetId: string },
      body: PredictionPatch,
    ): Promise<ItemAlert> {
      const { alert } = await reader.owned(caller, path.alertId, path.itemId);
      const periods = alertPeriods(alert.alertDate.toISOString());
      const wanted = periods.map(periodKey);
      const given = body.data.map(periodKey);
      if (
        new Set(given).size !== given.length ||
        given.length !== wanted.length ||
        given.some((k) => !wanted.includes(k))
      )
        throw invalidPeriods(`One figure for each of the claim's months: ${wanted.join(', ')}`);
      const submitted = body.completed;
      const answer = await change(caller, alert.id, (locked) => {
        const dataset = locked.datasets.find((d) => d.datasetId === path.datasetId);
        if (!dataset) throw alertNotFound(path.datasetId);
        if (dataset.name !== CLAIM_DATASETS.prediction)
          throw wrongStep('Only the revenue prediction is the customer’s to change');
        if (locked.status !== 'prediction' || dataset.completed)
          throw wrongStep('The prediction has been submitted');
        const before = new Map(dataset.data.map((row) => [periodKey(row), row]));
        const data = periods.map((period) => {
          const row = body.data.find((r) => periodKey(r) === periodKey(period))!;
          const prefilled = before.get(periodKey(period));
          // How a month was prefilled stays beside it while the customer keeps its figure.
          return prefilled?.basis && prefilled.revenue === row.revenue
            ? { ...prefilled }
            : {
                year: row.year,
                month: row.month,
                revenue: row.revenue,
                expected: prefilled?.expected,
              };
        });
        let datasets = withDataset(locked.datasets, { ...dataset, data, completed: submitted });
        if (submitted && !offerOf(datasets))
          datasets = [
            ...datasets,
            {
              datasetId: randomUUID(),
              name: CLAIM_DATASETS.offer,
              access: 'INSURER',
              step: 'OFFER',
              completed: false,
              data: [],
            },
          ];
        return {
          patch: { datasets },
          events: [
            {
              at: clock.now(),
              ...actorOf(caller),
              kind: submitted ? 'prediction-submitted' : 'prediction-saved',
              details: { total: total(data), months: data.length, currency: locked.data.currency },
            },
          ],
          result: null,
        };
      });
      if (submitted) await deps.queueUnderwriting(alert.id);
      return answer;
    },

    /** The `claims.underwrite` job: the offer, checked against the bank history. */
    async underwrite(alertId: string): Promise<void> {
      const facts = await factsOf(alertId);
      if (!facts) return;
      const prediction = predictionOf(facts.alert.datasets);
      if (!prediction?.completed || offerOf(facts.alert.datasets)?.completed) return;
      const alertDate = facts.alert.alertDate.toISOString();
      const history = await bank.history(facts.business, facts.alert.alertDate);
      const expected = history && expectedRevenue(history, alertPeriods(alertDate), alertDate);
      const rows = offerFor(asRevenue(prediction.data), expected);
      const changed = await repo.changeAlert(
        alertId,
        (locked) => {
          const offer = offerOf(locked.datasets);
          if (locked.status !== 'prediction' || !offer || offer.completed) return { result: false };
          return {
            patch: {
              status: 'USER-CONFIRM-OFFER',
              datasets: withDataset(locked.datasets, {
                ...offer,
                completed: true,
                notes: (expected ? 'checked_against_history' : 'no_history') satisfies OfferNote,
                data: rows,
              }),
            },
            events: [offerEvent('offer-made', rows, locked.data.currency)],
            result: true,
          };
        },
        clock.now(),
      );
      if (changed?.result) await tell(facts, 'offer');
    },

    /**
     * Answers an offer: accepting (confirmed) opens the payout rows; rejecting (completed) is
     * for an adjusted offer only — a first offer is rejected by disputing it.
     */
    async answerOffer(
      caller: Caller,
      path: { itemId: string; alertId: string },
      patch: AlertPatch,
    ): Promise<ItemAlert> {
      const { alert } = await reader.owned(caller, path.alertId, path.itemId);
      const accepting = 'confirmed' in patch;
      const answer = await change(caller, alert.id, (locked) => {
        const offer = offerOf(locked.datasets);
        const open = !locked.completed && !locked.confirmed && offer?.completed === true;
        if (accepting) {
          if (!open || !['USER-CONFIRM-OFFER', 'USER-CONFIRM-DISPUTE'].includes(locked.status))
            throw wrongStep('There is no offer to accept');
          return {
            patch: {
              status: 'OFFER-ACCEPTED',
              confirmed: true,
              payouts: deps.payouts.rowsFor(locked, offer.data),
            },
            events: [
              {
                at: clock.now(),
                ...actorOf(caller),
                kind: 'offer-accepted',
                details: { total: total(offer.data), currency: locked.data.currency },
              },
            ],
            result: null,
          };
        }
        if (!open || locked.status !== 'USER-CONFIRM-DISPUTE')
          throw wrongStep('Only an adjusted offer is rejected here: dispute a first offer instead');
        return {
          patch: { status: 'OFFER-REJECTED', completed: true },
          events: [{ at: clock.now(), ...actorOf(caller), kind: 'offer-rejected', details: {} }],
          result: null,
        };
      });
      // Months that closed before the acceptance are worked out at once.
      if (accepting) {
        await deps.payouts.closeAlert(alert.id);
        return reader.alert(caller, alert.id);
      }
      return answer;
    },

    /** Attaches an uploaded file to a month of the claim, for its dispute (at most 5 a month). */
    async attach(
      caller: Caller,
      path: { itemId: string; alertId: string },
      name: string,
      body: { documentId: string; year: number; month: number },
    ): Promise<ClaimDocument> {
      const { alert } = await reader.owned(caller, path.alertId, path.itemId);
      const periods = alertPeriods(alert.alertDate.toISOString()).map(periodKey);
      if (!periods.includes(periodKey(body)))
        throw new AppError('INVALID_PARAMS', {
          message: 'Not a month of this claim',
          field: 'month',
        });
      const [document] = await documents.find(caller, [body.documentId]);
      if (!document)
        throw new AppError('DOCUMENT_NOT_FOUND', { message: `No document ${body.documentId}` });
      if (document.state === 'awaiting')
        throw new AppError('DOCUMENT_NOT_READY', { message: 'The file has not been uploaded' });
      await change(caller, alert.id, async (locked, reads) => {
        if (!awaitsAnswerToOffer(locked))
          throw wrongStep('Files are added while disputing an offer');
        // Counted under the claim's lock: two uploads at once cannot make a sixth file.
        const files = await reads.files();
        if (files.some((f) => f.documentId === body.documentId)) return { result: null };
        const sameMonth = files.filter((f) => periodKey(f) === periodKey(body));
        if (sameMonth.length >= FILES_PER_PERIOD)
          throw wrongStep(`At most ${FILES_PER_PERIOD} files a month`);
        return {
          files: [{ documentId: body.documentId, year: body.year, month: body.month }],
          events: [
            {
              at: clock.now(),
              ...actorOf(caller),
              kind: 'file-added',
              details: { name, year: body.year, month: body.month, size: document.size },
            },
          ],
          result: null,
        };
      });
      // Kept past the orphan age from now on.
      await documents.attach(caller, body.documentId);
      const [file] = (await repo.filesOf([alert.id])).filter(
        (f) => f.documentId === body.documentId,
      );
      return {
        documentId: file!.documentId,
        name: file!.name,
        size: file!.size,
        state: file!.state as ClaimDocument['state'],
        year: file!.year,
        month: file!.month,
      };
    },

    /** The customer's disagreement (USER-DISPUTE): notes and files per month. */
    async dispute(
      caller: Caller,
      path: { itemId: string; alertId: string },
      dispute: DisputeDataset,
    ): Promise<ItemAlert> {
      const { alert } = await reader.owned(caller, path.alertId, path.itemId);
      const periods = alertPeriods(alert.alertDate.toISOString()).map(periodKey);
      const given = dispute.data.map(periodKey);
      if (new Set(given).size !== given.length || given.some((k) => !periods.includes(k)))
        throw invalidPeriods('Each disputed month once, and only the claim’s months');
      const files = await repo.filesOf([alert.id]);
      for (const period of dispute.data)
        for (const attachment of period.attachments) {
          const file = files.find((f) => f.documentId === attachment.documentId);
          if (!file || periodKey(file) !== periodKey(period))
            throw new AppError('DOCUMENT_NOT_FOUND', {
              message: `No file ${attachment.documentId} on this claim for ${periodKey(period)}`,
            });
          if (file.state === 'quarantined')
            throw new AppError('INVALID_PARAMS', {
              message: `${file.name} was refused by the virus scan`,
              field: 'attachments',
            });
        }
      const answer = await change(caller, alert.id, (locked) => {
        if (!awaitsAnswerToOffer(locked)) throw wrongStep('There is no offer to dispute');
        const offer = offerOf(locked.datasets)!;
        return {
          patch: {
            status: 'USER-CONFIRM-DISPUTE',
            datasets: [
              // The adjusted offer is being prepared.
              ...withDataset(locked.datasets, { ...offer, completed: false }),
              {
                datasetId: randomUUID(),
                name: DISPUTE_DATASET.name,
                access: DISPUTE_DATASET.access,
                step: DISPUTE_DATASET.step,
                completed: true,
                data: dispute.data,
              },
            ],
          },
          events: [
            {
              at: clock.now(),
              ...actorOf(caller),
              kind: 'dispute-sent',
              details: {
                months: dispute.data.length,
                files: dispute.data.reduce((n, p) => n + p.attachments.length, 0),
              },
            },
          ],
          result: null,
        };
      });
      await deps.queueDisputeReview(alert.id);
      return answer;
    },

    /**
     * The `claims.review-dispute` job: once every disputed file is scanned, the adjusted offer.
     * A file still being scanned leaves it to the scan's notice to ask again.
     */
    async reviewDispute(alertId: string): Promise<void> {
      const facts = await factsOf(alertId);
      if (!facts) return;
      const dispute = datasetOf(facts.alert.datasets, CLAIM_DATASETS.dispute);
      const offer = offerOf(facts.alert.datasets);
      const prediction = predictionOf(facts.alert.datasets);
      if (
        facts.alert.status !== 'USER-CONFIRM-DISPUTE' ||
        !dispute ||
        !offer ||
        offer.completed ||
        !prediction
      )
        return;
      const files = await repo.filesOf([alertId]);
      const disputed = new Set(
        dispute.data.flatMap((p) => p.attachments ?? []).map((a) => a.documentId),
      );
      if (
        files.some(
          (f) => disputed.has(f.documentId) && (f.state === 'scanning' || f.state === 'awaiting'),
        )
      )
        return;
      const months: DisputedMonth[] = dispute.data.map((period) => ({
        year: period.year,
        month: period.month,
        notes: period.notes ?? '',
        cleanFiles: files.filter(
          (f) =>
            disputed.has(f.documentId) && periodKey(f) === periodKey(period) && f.state === 'clean',
        ).length,
      }));
      const rows = adjustedOffer(offer.data, asRevenue(prediction.data), months);
      const changed = await repo.changeAlert(
        alertId,
        (locked) => {
          const current = offerOf(locked.datasets);
          if (
            locked.status !== 'USER-CONFIRM-DISPUTE' ||
            !current ||
            current.completed ||
            locked.completed
          )
            return { result: false };
          return {
            patch: {
              datasets: withDataset(locked.datasets, {
                ...current,
                completed: true,
                notes: 'adjusted_after_review' satisfies OfferNote,
                data: rows,
              }),
            },
            events: [offerEvent('offer-adjusted', rows, locked.data.currency)],
            result: true,
          };
        },
        clock.now(),
      );
      if (changed?.result) await tell(facts, 'adjusted');
    },

    /** The documents area scanned a file: its claims' timelines say so, and a review may go on. */
    async fileScanned(document: {
      documentId: string;
      name: string;
      state: string;
    }): Promise<void> {
      if (document.state !== 'clean' && document.state !== 'quarantined') return;
      for (const alertId of await repo.alertsOfFile(document.documentId)) {
        const facts = await factsOf(alertId);
        if (!facts) continue;
        await repo.addEvents(alertId, [
          {
            at: clock.now(),
            actor: 'system',
            kind: document.state === 'clean' ? 'file-clean' : 'file-refused',
            details: { name: document.name },
          },
        ]);
        await notifier.changed(facts.item.userId);
        if (facts.alert.status === 'USER-CONFIRM-DISPUTE') await deps.queueDisputeReview(alertId);
      }
    },
  };
}
export type ClaimWorkflow = ReturnType<typeof claimWorkflow>;
