import type { ClaimTrigger } from '@tern/domain/claims/schemas';
import { formatNumber } from '@tern/domain/i18n/format';
import { useTranslation } from 'react-i18next';

/** A value in a trigger's unit: "45 cm", "240 min". */
function useMeasurement(): (value: number, unit: ClaimTrigger['unit']) => string {
  const { t, i18n } = useTranslation('claims');
  return (value, unit) => t(`units.${unit}`, { value: formatNumber(value, i18n.language) });
}

/**
 * What opened a claim: "Flood: 45 cm measured against a threshold of 30 cm (source: …)".
 * The timeline's trigger entry writes the same from its details.
 */
export function useTriggerText(): (trigger: Omit<ClaimTrigger, 'at'>) => string {
  const { t } = useTranslation('claims');
  const measure = useMeasurement();
  return (trigger) =>
    t('trigger.value', {
      type: t(`trigger_types.${trigger.type}`),
      measured: measure(trigger.measuredValue, trigger.unit),
      threshold: measure(trigger.threshold, trigger.unit),
      source: trigger.source,
    });
}
