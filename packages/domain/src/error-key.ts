/**
 * `errors.{code lower-case}`: the translation key of a code (spec 1 §8). Apart from the
 * catalogue (`errors.ts`, with zod), so the portal's first page can name an error without it.
 */
export const errorKey = (code: string): string => `errors.${code.toLowerCase()}`;
