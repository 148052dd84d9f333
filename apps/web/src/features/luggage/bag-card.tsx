import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatDate, formatDateTimeUtc } from '@tern/domain/i18n/format';
import type { LostBag } from '@tern/domain/luggage/schemas';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Fact } from '../../components/fact-list/fact-list.tsx';
import { Loading } from '../../components/page/load-state.tsx';
import { ResolutionCard } from '../resolutions/index.ts';
import { BagPhoto } from './bag-photo.tsx';
import { BagStatusChip } from './bag-status-chip.tsx';
import { BagTimeline } from './bag-timeline.tsx';

/**
 * One lost bag (issue 27 item 5): its status, PIR, flight, when it was reported and what it
 * looks like, the AirTag link kept as evidence until Apple lets it lapse, the photo, the
 * tracing history, Withdraw, and once the report is complete the bag's resolution card (its
 * staged cash, the recommendation when it is lost).
 */
export function BagCard({
  bag,
  canWithdraw,
  canResolve,
  onWithdraw,
}: {
  bag: LostBag;
  canWithdraw: boolean;
  canResolve: boolean;
  onWithdraw: () => void;
}) {
  const { t, i18n } = useTranslation('luggage');
  const photo = bag.attachments[0];
  // When the page was opened: a link that lapses while it is open is refused by Apple anyway.
  const [now] = useState(() => Date.now());
  const expired = bag.airtag ? Date.parse(bag.airtag.expiresAt) <= now : false;
  return (
    <Card component="li" variant="outlined" aria-label={t('bag.heading', { pir: bag.pir })}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
            {t('bag.heading', { pir: bag.pir })}
          </Typography>
          <BagStatusChip status={bag.status} />
        </Box>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          <Fact term={t('bag.flight')}>
            {t('bag.flight_value', {
              flight: bag.flightNumber,
              date: formatDate(bag.embarkDate, i18n.language),
            })}
          </Fact>
          <Fact term={t('bag.created')}>
            {t('bag.created_value', {
              date: formatDate(bag.created, i18n.language),
              local: bag.reportedOnLocal,
            })}
          </Fact>
          <Fact term={t('bag.tag')}>{bag.tagNumber}</Fact>
          <Fact term={t('bag.description')}>
            {t('bag.description_value', {
              colour: t(`colours.${bag.colour}`),
              type: t(`types.${bag.type}`),
            })}
          </Fact>
          {bag.airtag ? (
            <Fact term={t('bag.airtag')}>
              {expired ? (
                t('bag.airtag_expired', { time: formatDateTimeUtc(bag.airtag.expiresAt) })
              ) : (
                <>
                  <Link href={bag.airtag.url} target="_blank" rel="noopener noreferrer">
                    {t('bag.airtag_link')}
                  </Link>{' '}
                  {t('bag.airtag_expires', { time: formatDateTimeUtc(bag.airtag.expiresAt) })}
                </>
              )}
            </Fact>
          ) : null}
        </Box>
        {photo ? (
          <BagPhoto bag={bag} attachment={photo} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('bag.no_photo')}
          </Typography>
        )}
        <BagTimeline events={bag.events} />
        {canWithdraw ? (
          <Button color="error" onClick={onWithdraw} sx={{ justifySelf: 'start' }}>
            {t('bag.withdraw')}
          </Button>
        ) : null}
        {/* Nothing is resolved before the report is complete (403 BAG_RESOLUTION_PENDING). */}
        {canResolve && bag.status !== 'REPORTED' ? (
          <Suspense fallback={<Loading rows={1} />}>
            <ResolutionCard subject={{ bagId: bag.bagId }} />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}
