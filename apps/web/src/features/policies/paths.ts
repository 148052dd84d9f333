/** The policies pages. */
export const policiesPaths = { list: '/policies' } as const;
