/** The monitoring pages of spec 1 §2. */
export const monitoringPaths = { actionPlan: '/monitored-data/action-plan' } as const;
