import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { payableTotal, UNSETTLED_PAYOUT_STATUSES } from '@tern/domain/claims/rules';
import type { ClaimPayout, ItemAlert } from '@tern/domain/claims/schemas';
import { formatMoney } from '@tern/domain/i18n/format';
import { localeOfLanguage } from '@tern/domain/i18n/languages';
import { useTranslation } from 'react-i18next';
import { periodRange } from '../claim-periods.ts';
import { PayoutStatus } from './payout-status.tsx';

const unsettled = (payout: ClaimPayout) =>
  (UNSETTLED_PAYOUT_STATUSES as readonly string[]).includes(payout.status);

/**
 * The claim's payouts month by month (spec 2 §3 "Payout row", §9): the period, the predicted
 * and actual revenue, the profit margin, the excess, the amount payable and the status, then
 * a totals line in which months still FUTURE or CONFIRM count nothing. Money with its
 * currency's decimals in the customer's language. Wide, so it scrolls inside its own box
 * (focusable, for the keyboard): the page never scrolls sideways, even at 360 px.
 */
export function PayoutsTable({
  claim,
  onEnterDetails,
}: {
  claim: ItemAlert;
  onEnterDetails: (payout: ClaimPayout) => void;
}) {
  const { t, i18n } = useTranslation('claims');
  const language = i18n.language;
  const currency = claim.data.currency;
  const money = (value: number | null) =>
    value === null ? '---' : formatMoney(value, currency, language);
  const percent = new Intl.NumberFormat(localeOfLanguage(language), {
    style: 'percent',
    maximumFractionDigits: 2,
  });
  const payouts = [...claim.payouts].sort((a, b) => a.year - b.year || a.month - b.month);
  if (payouts.length === 0) return <Typography>{t('payouts.none')}</Typography>;
  const excess = payouts.reduce(
    (sum, payout) => (unsettled(payout) ? sum : sum + payout.excess),
    0,
  );
  const number = { align: 'right', sx: { whiteSpace: 'nowrap' } } as const;

  return (
    <Box
      role="region"
      aria-label={t('payouts.table')}
      tabIndex={0}
      sx={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table size="small" aria-label={t('payouts.table')}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('payouts.period')}
            </TableCell>
            <TableCell component="th" scope="col" {...number}>
              {t('payouts.predicted')}
            </TableCell>
            <TableCell component="th" scope="col" {...number}>
              {t('payouts.actual')}
            </TableCell>
            <TableCell component="th" scope="col" {...number}>
              {t('payouts.margin')}
            </TableCell>
            <TableCell component="th" scope="col" {...number}>
              {t('payouts.excess')}
            </TableCell>
            <TableCell component="th" scope="col" {...number}>
              {t('payouts.payable')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('payouts.status')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payouts.map((payout) => (
            <TableRow key={payout.payoutId}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {periodRange(payout.periodStart, payout.periodEnd, language)}
              </TableCell>
              <TableCell {...number}>{money(payout.predictedRevenue)}</TableCell>
              <TableCell {...number}>{money(payout.actualRevenue)}</TableCell>
              <TableCell {...number}>{percent.format(payout.profitMargin / 100)}</TableCell>
              <TableCell {...number}>{money(payout.excess)}</TableCell>
              <TableCell {...number}>{money(payout.amountPayable)}</TableCell>
              <TableCell>
                <PayoutStatus payout={payout} onEnterDetails={() => onEnterDetails(payout)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter sx={{ '& .MuiTableCell-root': { color: 'text.primary', fontWeight: 600 } }}>
          <TableRow>
            <TableCell component="th" scope="row" colSpan={4}>
              {t('payouts.total')}
            </TableCell>
            <TableCell {...number}>{money(excess)}</TableCell>
            <TableCell {...number}>{money(payableTotal(payouts))}</TableCell>
            <TableCell />
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
}
