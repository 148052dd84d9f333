import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTimeUtc, formatMoney } from '@tern/domain/i18n/format';
import type { ResolutionOptions } from '@tern/domain/resolutions/schemas';
import { useTranslation } from 'react-i18next';
import { useCodedText } from '../../lib/coded-text.ts';

type Bag = NonNullable<ResolutionOptions['bag']>;

/**
 * The lost-bag header of the resolution card (spec 2 §2.5): the PIR, when the bag was reported
 * (on the station's clock, spec 2 §5) and its status; once it is declared lost, what to do —
 * claim from the airline under the Montreal Convention, up to its limit in SDR; while cash
 * stages remain, what the next one pays and when it opens.
 */
export function BagHeader({ bag, currency }: { bag: Bag; currency: string }) {
  const { t, i18n } = useTranslation('resolutions');
  // The bag's status names are the luggage area's texts.
  const { t: luggageText } = useTranslation('luggage');
  const status = luggageText(`statuses.${bag.status}`);
  const written = useCodedText();
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {t('card.header_luggage', { pir: bag.pir })}
      </Typography>
      <Typography color="text.secondary">
        {t('card.bag', { date: bag.reportedOn, status })}
      </Typography>
      {bag.recommendation ? (
        <Alert severity="info" data-testid="bag-recommendation">
          {/* A key of the texts (any namespace) the API chose: the limit in the reader's format. */}
          {written({ key: bag.recommendation, params: { limit: bag.liabilityLimitSdr } })}
        </Alert>
      ) : null}
      {bag.nextStage ? (
        <Typography variant="body2">
          {t('card.bag_next_stage', {
            amount: formatMoney(bag.nextStage.amount, currency, i18n.language),
            time: formatDateTimeUtc(bag.nextStage.at),
          })}
        </Typography>
      ) : null}
    </Box>
  );
}
