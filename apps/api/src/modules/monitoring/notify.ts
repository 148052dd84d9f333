import { monitoringRoutes } from '@tern/domain';
import type { LiveEvents } from '../../live/events.ts';
import type { NotificationsPort } from '../../providers/notifications/port.ts';
import { renderTemplate } from '../../providers/notifications/templates.ts';
import type { UserRow } from '../accounts/index.ts';
import type { PartnerRow } from '../partners/index.ts';

/** What a monitoring change asks the subscriber's open pages to read again. */
const MONITORING_KEYS = [
  'OWL_MONITORED_DATA',
  'OWL_ALERTS',
  monitoringRoutes.scan.id,
  monitoringRoutes.status.id,
] as const;

/** Telling a subscriber: their open pages at once, and an email for each new alert. */
export function monitoringNotifier(deps: {
  live: LiveEvents;
  notifications: NotificationsPort;
  userById: (id: string) => Promise<UserRow | undefined>;
  partnerById: (id: string) => Promise<PartnerRow | undefined>;
}) {
  const { live, notifications } = deps;
  return {
    changed: (userId: string) => live.publish(userId, MONITORING_KEYS),

    /** Emails the subscriber that an item was found in a breach (masked value only). */
    async alertRaised(alert: {
      userId: string;
      friendlyName: string;
      displayValue: string;
      breachTitle: string;
    }) {
      const user = await deps.userById(alert.userId);
      const partner = user && (await deps.partnerById(user.partnerId));
      if (!user || !partner) return;
      await notifications.send({
        channel: 'email',
        to: user.emailAddress,
        partnerId: partner.id,
        template: 'monitoring-alert',
        locale: user.locale,
        userId: user.id,
        ...renderTemplate('monitoring-alert', user.locale, {
          friendlyName: alert.friendlyName,
          displayValue: alert.displayValue,
          breachTitle: alert.breachTitle,
          partnerName: partner.name,
        }),
      });
    },
  };
}
export type MonitoringNotifier = ReturnType<typeof monitoringNotifier>;
