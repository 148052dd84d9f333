/** The luggage pages. */
export const luggagePaths = { bags: '/luggage' } as const;
