import { MONITORED_REFRESH_MS, MONITORED_REFRESH_TIMES } from '@tern/domain/constants';
import { useCallback, useEffect, useRef } from 'react';
import { useRefreshDataset } from '../../core/data/use-dataset.ts';
import { monitoredDataDataset, monitoringAlertsDataset } from './datasets.ts';

/**
 * Spec 1 §4, §9: after an add, the monitored data is read again every 2 minutes, up to 3 more
 * times — the scan of the new item runs in the background and its alerts land on the item.
 * The alerts are read with it (the item's menu opens its most severe one). A new add starts
 * the count again; leaving the page stops it (the live events keep other pages current). A
 * failed read is swallowed: the next one, or the live events, bring the data.
 */
export function useRefreshAfterAdd(): () => void {
  const refreshData = useRefreshDataset(monitoredDataDataset);
  const refreshAlerts = useRefreshDataset(monitoringAlertsDataset);
  const refresh = useRef(() => Promise.all([refreshData(), refreshAlerts()]));
  useEffect(() => {
    refresh.current = () => Promise.all([refreshData(), refreshAlerts()]);
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(() => {
    clearTimeout(timer.current);
    const schedule = (left: number) => {
      if (left === 0) return;
      timer.current = setTimeout(() => {
        refresh.current().catch(() => undefined);
        schedule(left - 1);
      }, MONITORED_REFRESH_MS);
    };
    schedule(MONITORED_REFRESH_TIMES);
  }, []);
}
