/** The pages of the portal's shell; each area names its own pages (`features/<area>/paths.ts`). */
export const paths = {
  landing: '/',
  dashboard: '/dashboard',
} as const;
