import { FILES_PER_PERIOD } from '@tern/domain/constants';
import { DOCUMENT_USES } from '@tern/domain/documents/uses';

const { types, maxBytes } = DOCUMENT_USES['claim-dispute'];

/** A dispute file's largest size in whole megabytes, for the texts (25). */
export const DISPUTE_FILE_MAX_MB = Math.floor(maxBytes / (1024 * 1024));

/** What the file input offers: the media types the API takes for a dispute file. */
export const DISPUTE_FILE_ACCEPT = types.join(',');

/** Why a chosen file was not added to a period, with the file's name. */
export type FileProblem = { problem: 'too_big' | 'wrong_type' | 'too_many'; name: string };

/**
 * Adds the files chosen for a period to those it has, by the API's own use (`claim-dispute`):
 * each at most 25 MB (FILE_MAX_BYTES), a PDF or an image by its declared type (the API reads
 * the bytes; a phone's HEIC may come without a type, left to the API), at most
 * FILES_PER_PERIOD in all. A refused file is named, so the customer knows which one.
 */
export function addDisputeFiles(
  current: readonly File[],
  chosen: readonly File[],
): { files: File[]; problems: FileProblem[] } {
  const files = [...current];
  const problems: FileProblem[] = [];
  for (const file of chosen) {
    if (file.size > maxBytes) problems.push({ problem: 'too_big', name: file.name });
    else if (file.type && !(types as readonly string[]).includes(file.type))
      problems.push({ problem: 'wrong_type', name: file.name });
    else if (files.length >= FILES_PER_PERIOD)
      problems.push({ problem: 'too_many', name: file.name });
    else files.push(file);
  }
  return { files, problems };
}
