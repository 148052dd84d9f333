import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatDateTimeUtc } from '@tern/domain/i18n/format';
import type { ClaimEvent, ItemAlert } from '@tern/domain/claims/schemas';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadState } from '../../components/page/load-state.tsx';
import { Page } from '../../components/page/page.tsx';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { ApiRequestError } from '../../lib/api-request-error.ts';
import { useClaimStatusText } from './claim-texts.ts';
import { useEventText } from './event-text.ts';
import { Fact, FactList } from '../../components/fact-list/fact-list.tsx';
import { claimPath, claimsPaths } from './paths.ts';
import { historyQuery } from './queries.ts';
import { useTriggerText } from './trigger-text.ts';

/**
 * `/claim/history/{alertId}` (spec 2 §2.2, issue 28 item 6): a claim's timeline — the claim
 * with its trigger, then every event newest first with its time (UTC), who acted and what
 * happened. Live: a month closing or a payment made shows as it happens. A claim that is not
 * the user's is not found, as it is for the API.
 */
export default function HistoryPage() {
  const { t } = useTranslation('claims');
  const { alertId = '' } = useParams();
  const history = useQuery({
    ...historyQuery(useDatasetContext(), alertId),
    // Said on the page; a 401 still logs out.
    meta: { silent: true },
  });
  const notFound =
    history.error instanceof ApiRequestError &&
    (history.error.status === 404 || history.error.status === 400);
  return (
    <Page title={t('history.title')} lead={t('history.lead')} testId="claim-history">
      {notFound ? (
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
          <Alert severity="warning" sx={{ justifySelf: 'stretch' }}>
            {t('history.not_found')}
          </Alert>
          <Button variant="contained" component={RouterLink} to={claimsPaths.claims}>
            {t('history.back')}
          </Button>
        </Box>
      ) : (
        <LoadState
          loaded={history.data !== undefined}
          failed={history.isError}
          rowHeight={160}
          onRetry={() => void history.refetch()}
        >
          {history.data ? (
            <Box sx={{ display: 'grid', gap: 3 }}>
              <ClaimHeader claim={history.data.alert} />
              <Events events={history.data.events} currency={history.data.alert.data.currency} />
              <Button
                component={RouterLink}
                to={claimPath(history.data.alert.alertId)}
                sx={{ justifySelf: 'start' }}
              >
                {t('history.back')}
              </Button>
            </Box>
          ) : null}
        </LoadState>
      )}
    </Page>
  );
}

function ClaimHeader({ claim }: { claim: ItemAlert }) {
  const { t } = useTranslation('claims');
  const statusText = useClaimStatusText();
  const triggerText = useTriggerText();
  const heading = useId();
  return (
    <Card component="section" variant="outlined" aria-labelledby={heading}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h6" component="h2" id={heading} sx={{ overflowWrap: 'anywhere' }}>
          {t('claim.heading', { number: claim.claimNumber })}
        </Typography>
        <FactList>
          <Fact term={t('claim.property')}>{claim.properties.name}</Fact>
          <Fact term={t('history.status')}>{statusText(claim)}</Fact>
          {claim.trigger ? (
            <Fact term={t('claim.trigger')}>{triggerText(claim.trigger)}</Fact>
          ) : null}
        </FactList>
      </CardContent>
    </Card>
  );
}

function Events({ events, currency }: { events: ClaimEvent[]; currency: string }) {
  const { t } = useTranslation('claims');
  const eventText = useEventText(currency);
  const heading = useId();
  const newestFirst = [...events].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Box component="section" aria-labelledby={heading}>
      <Typography variant="h6" component="h2" id={heading} sx={{ mb: 1 }}>
        {t('history.events')}
      </Typography>
      {newestFirst.length === 0 ? (
        <Typography>{t('history.empty')}</Typography>
      ) : (
        <Box
          component="ol"
          aria-labelledby={heading}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
        >
          {newestFirst.map((event) => (
            <Box
              component="li"
              key={event.eventId}
              sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5 }}
            >
              <Typography variant="body2" color="text.secondary">
                {t('history.when', {
                  time: formatDateTimeUtc(event.at),
                  actor: t(`history.actors.${event.actor}`),
                })}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {eventText(event)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
