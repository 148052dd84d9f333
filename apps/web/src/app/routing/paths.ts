/** The routes of spec 1 §2; features link through these names, never through literal paths. */
export const paths = {
  landing: '/',
  dashboard: '/dashboard',
  resolutionSelect: '/resolution/select',
  actionPlan: '/monitored-data/action-plan',
} as const;
