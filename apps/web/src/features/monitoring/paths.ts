/** The monitoring pages of spec 1 §2: the one place their paths are written. */
export const monitoringPaths = {
  /** One collapsible row per data type, with its items, and the user's alerts. */
  monitoredData: '/monitored-data',
  /** The action plan of one alert (`?alertId=`). */
  actionPlan: '/monitored-data/action-plan',
} as const;

/** The query parameter of the action-plan page naming its alert. */
export const ALERT_ID_PARAM = 'alertId';

/** The action plan of an alert (`/monitored-data/action-plan?alertId=`). */
export const actionPlanPath = (alertId: string) =>
  `${monitoringPaths.actionPlan}?${new URLSearchParams({ [ALERT_ID_PARAM]: alertId }).toString()}`;
