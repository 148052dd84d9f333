import type { ClaimPeriod } from '@tern/domain/claims/rules';
import type { ClaimDatasetRow } from '@tern/domain/claims/schemas';
import { formatMoney, formatNumber } from '@tern/domain/i18n/format';
import { useTranslation } from 'react-i18next';

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * How a prefilled month was worked out, in words (issue 28: "the method shown"): the same
 * month last year × the trend of the last 3 months, × the share of the month for a part of
 * one ("17/31").
 */
export function useBasisText(currency: string) {
  const { t, i18n } = useTranslation('claims');
  return (basis: NonNullable<ClaimDatasetRow['basis']>, period: ClaimPeriod): string => {
    const values = {
      lastYear: formatMoney(basis.lastYear, currency, i18n.language),
      trend: formatNumber(basis.trend, i18n.language),
    };
    return basis.share >= 1
      ? t('prediction.basis', values)
      : t('prediction.basis_partial', {
          ...values,
          share: `${period.days}/${daysInMonth(period.year, period.month)}`,
        });
  };
}
