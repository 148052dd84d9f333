import type { MonitoringAlert } from '@tern/domain/monitoring/schemas';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toasts/use-toast.ts';

/**
 * `alert_sent` (spec 1 §8): an alert that arrives while the page is open (a live event made the
 * alerts be read again) is announced, as its email is sent. The alerts the page opened with
 * are not news.
 */
export function useNewAlertToast(alerts: readonly MonitoringAlert[] | undefined) {
  const { t } = useTranslation('monitoring');
  const toast = useToast();
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!alerts) return;
    if (!seen.current) {
      seen.current = new Set(alerts.map((alert) => alert.alertId));
      return;
    }
    for (const alert of alerts) {
      if (seen.current.has(alert.alertId)) continue;
      seen.current.add(alert.alertId);
      toast.showMessage(
        t('notifications.alert_sent', { name: alert.friendlyName, title: alert.breach.title }),
        'warning',
      );
    }
  }, [alerts, t, toast]);
}
