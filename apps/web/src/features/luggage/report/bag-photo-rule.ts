import { DOCUMENT_USES } from '@tern/domain/documents/uses';

const { types, maxBytes } = DOCUMENT_USES['bag-photo'];

/** The bag photo's largest size in whole megabytes, for the texts. */
export const BAG_PHOTO_MAX_MB = Math.floor(maxBytes / (1024 * 1024));

/** What the file input offers: the media types the API takes for a bag photo. */
export const BAG_PHOTO_ACCEPT = types.join(',');

/**
 * A photo checked before it is sent, by the same use the API checks it by (`bag-photo`): its
 * size, and its declared type (the API checks the bytes; a phone's HEIC may come without a
 * type, so an empty one is left to the API). Answers a `luggage` text key, or null.
 */
export function checkBagPhoto(file: Pick<File, 'size' | 'type'> | null): string | null {
  if (!file) return 'wizard.photo_required';
  if (file.type && !(types as readonly string[]).includes(file.type))
    return 'wizard.photo_wrong_type';
  if (file.size > maxBytes) return 'wizard.photo_too_large';
  return null;
}
