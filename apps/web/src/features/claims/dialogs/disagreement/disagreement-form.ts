import type { ClaimPeriod } from '@tern/domain/claims/rules';
import { DISAGREEMENT_SELECTION_ERROR, type DisputeDataset } from '@tern/domain/claims/requests';
import {
  DISPUTE_DATASET,
  FILE_MAX_BYTES,
  FILES_PER_PERIOD,
  NOTES_MAX,
} from '@tern/domain/constants';
import { z } from 'zod';

/**
 * The disagreement form (spec 2 §5 "Disagreement"): per period of the claim, whether the
 * customer disputes it, their notes (at most NOTES_MAX characters) and their files (at most
 * FILES_PER_PERIOD, each at most FILE_MAX_BYTES); at least one chosen period with a note or
 * a file, else the form-level error the API gives too (DISAGREEMENT_SELECTION_ERROR).
 */
export const disagreementFormSchema = z
  .object({
    periods: z.array(
      z.object({
        chosen: z.boolean(),
        notes: z.string().max(NOTES_MAX, 'validation.max_length'),
        files: z
          .array(
            z
              .custom<File>((value) => value instanceof File, 'validation.invalid')
              .refine((file) => file.size <= FILE_MAX_BYTES, 'validation.invalid'),
          )
          .max(FILES_PER_PERIOD, 'validation.file_limit'),
      }),
    ),
  })
  .superRefine((values, ctx) => {
    if (!values.periods.some((period) => filled(period)))
      ctx.addIssue({ code: 'custom', path: ['periods'], message: DISAGREEMENT_SELECTION_ERROR });
  });
export type DisagreementFormValues = z.infer<typeof disagreementFormSchema>;
type PeriodValues = DisagreementFormValues['periods'][number];

/** A period the customer chose and said something about: a note, or a file. */
export const filled = (period: PeriodValues) =>
  period.chosen && (period.notes.trim() !== '' || period.files.length > 0);

export const disagreementDefaults = (periods: readonly ClaimPeriod[]): DisagreementFormValues => ({
  periods: periods.map(() => ({ chosen: false, notes: '', files: [] })),
});

/** A file of the form once it is attached to the claim, or refused on the way. */
export type SentFile = { documentId: string; name: string } | { refused: true };

/**
 * The USER-DISPUTE dataset (access USER, step OFFER) from the form: the chosen periods with
 * their notes and the files attached for them, leaving out files refused on the way and any
 * period left with nothing to say. Empty `data` when none is left.
 */
export function disputeBody(
  periods: readonly ClaimPeriod[],
  values: DisagreementFormValues,
  sent: (file: File) => SentFile | undefined,
): DisputeDataset {
  const data = periods.flatMap((period, index) => {
    const entry = values.periods[index];
    if (!entry || !filled(entry)) return [];
    const attachments = entry.files.flatMap((file) => {
      const result = sent(file);
      return result && !('refused' in result) ? [result] : [];
    });
    const notes = entry.notes.trim();
    if (notes === '' && attachments.length === 0) return [];
    return [{ year: period.year, month: period.month, notes, attachments }];
  });
  return { ...DISPUTE_DATASET, data };
}
