import type { ClaimEvent, ClaimTrigger } from '@tern/domain/claims/schemas';
import { formatMoney } from '@tern/domain/i18n/format';
import { useTranslation } from 'react-i18next';
import { formatMonth, MISSING } from './claim-format.ts';
import { useTriggerText } from './trigger-text.ts';

/**
 * The details a timeline entry's sentence names, by kind (the API writes them): a file's
 * `name`; a month as `year` + `month`; money in minor units of the claim's currency as
 * `amount` (a payout) or `revenue` (the bank's actual revenue). The trigger's entry carries
 * the trigger itself (type, measuredValue, threshold, unit, source).
 */
const MONEY_DETAILS = ['amount', 'revenue'] as const;

type Details = ClaimEvent['details'];

const isTrigger = (details: Details): details is Details & Omit<ClaimTrigger, 'at'> =>
  typeof details.type === 'string' &&
  typeof details.measuredValue === 'number' &&
  typeof details.threshold === 'number' &&
  (details.unit === 'cm' || details.unit === 'min') &&
  typeof details.source === 'string';

/**
 * One entry of a claim's timeline as a sentence in the reader's language (`history.kinds`),
 * its details written as the claim writes them; a detail the entry lacks shows as ---.
 */
export function useEventText(currency: string): (event: ClaimEvent) => string {
  const { t, i18n } = useTranslation('claims');
  const triggerText = useTriggerText();
  return ({ kind, details }) => {
    if (kind === 'trigger' && isTrigger(details)) return triggerText(details);
    const { year, month, name } = details;
    const values: Record<string, string> = {
      name: typeof name === 'string' ? name : MISSING,
      month:
        typeof year === 'number' && typeof month === 'number'
          ? formatMonth({ year, month }, i18n.language)
          : MISSING,
    };
    for (const key of MONEY_DETAILS) {
      const amount = details[key];
      values[key] =
        typeof amount === 'number' ? formatMoney(amount, currency, i18n.language) : MISSING;
    }
    return t(`history.kinds.${kind}`, values);
  };
}
