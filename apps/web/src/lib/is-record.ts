/** A plain JSON object (not null, not an array): what every payload of the API is. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
