/** The travel pages. */
export const travelPaths = { insurances: '/insurances', passengers: '/passengers' } as const;
