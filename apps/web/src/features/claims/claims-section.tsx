import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ItemAlert } from '@tern/domain/claims/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadState } from '../../components/page/load-state.tsx';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { ClaimCard } from './claim-card.tsx';
import { ALERT_ID_PARAM } from './paths.ts';
import { claimsQuery } from './queries.ts';

/**
 * The claims of the page (spec 2 §2.6): every claim of the user, newest first, live. The
 * claim `?alertId=` names opens expanded (an email or the timeline links to it); with none
 * named, a claim that is the only one does. With none, what happens when a covered event
 * disrupts the business.
 */
export function ClaimsSection() {
  const { t } = useTranslation('claims');
  const context = useDatasetContext();
  const client = useQueryClient();
  const query = claimsQuery(context);
  // The list shows its own failure, with Try again; a 401 still logs out.
  const claims = useQuery({ ...query, meta: { silent: true } });
  const named = useSearchParams()[0].get(ALERT_ID_PARAM);
  const heading = useId();
  const list = claims.data ?? [];
  return (
    <Box component="section" aria-labelledby={heading}>
      <Typography variant="h5" component="h2" id={heading} sx={{ mb: 2 }}>
        {t('claims.heading')}
      </Typography>
      <LoadState
        loaded={claims.data !== undefined}
        failed={claims.isError}
        rowHeight={200}
        onRetry={() => void claims.refetch()}
      >
        {list.length === 0 ? (
          <NoClaims />
        ) : (
          <ClaimsList
            // A claim named anew (a link followed on this page) opens as on arrival.
            key={named ?? ''}
            claims={list}
            named={named}
            label={heading}
            onDialogClosed={() => void client.invalidateQueries({ queryKey: query.queryKey })}
          />
        )}
      </LoadState>
    </Box>
  );
}

function ClaimsList({
  claims,
  named,
  label,
  onDialogClosed,
}: {
  claims: ItemAlert[];
  named: string | null;
  label: string;
  onDialogClosed: () => void;
}) {
  const namedFound = claims.some((claim) => claim.alertId === named);
  const open = namedFound ? named : claims.length === 1 ? claims[0]!.alertId : null;
  // The claim a link named is brought into view once, when the list first shows (`named` is
  // then one of the claims' ids, a UUID: nothing in it to escape).
  useEffect(() => {
    if (!namedFound || !named) return;
    document.querySelector(`[data-alert-id="${named}"]`)?.scrollIntoView?.();
  }, [named, namedFound]);
  return (
    <Box
      component="ul"
      aria-labelledby={label}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
    >
      {claims.map((claim) => (
        <ClaimCard
          key={claim.alertId}
          claim={claim}
          initiallyExpanded={claim.alertId === open}
          onDialogClosed={onDialogClosed}
        />
      ))}
    </Box>
  );
}

/** No claims: none pending, and what happens when a covered event disrupts the business. */
function NoClaims() {
  const { t } = useTranslation('claims');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>{t('claims.none')}</Typography>
      <Alert severity="info">
        <AlertTitle>{t('claims.breach_title')}</AlertTitle>
        {t('claims.breach_body')}
      </Alert>
    </Box>
  );
}
