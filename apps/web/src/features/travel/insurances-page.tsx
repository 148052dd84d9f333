import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { TRIP_REFRESH_AFTER_ALERT_MS } from '@tern/domain/constants';
import type { Flight, Trip } from '@tern/domain/travel/schemas';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadState } from '../../components/page/load-state.tsx';
import { Page } from '../../components/page/page.tsx';
import { useDataset, useRefreshDataset } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { useAccess } from '../../core/session/use-access.ts';
import { contentPaths } from '../content/index.ts';
import { BlinkItButton } from './blink-it/blink-it-button.tsx';
import { tripsDataset } from './datasets.ts';
import { NotifyDisruptionDialog } from './notify-disruption-dialog.tsx';
import { TripCard, type TripAction } from './trip-card.tsx';
import { CancelTripDialog, EditTripDialog, FlightDetailsDialog } from './trip-dialogs.tsx';

type Open = { action: TripAction; trip: Trip } | { action: 'notify'; trip: Trip; flight: Flight };

/**
 * My insurances (spec 2 §2.3): every trip, newest first departure first, with Blink it, the
 * cancellation-time note and the key facts; per trip its details, edit and cancel, per flight
 * its badge and Update status. The list follows the API's live events, so a flight the
 * watcher finds delayed changes its badge without a reload.
 */
export default function InsurancesPage() {
  const { t } = useTranslation('travel');
  const trips = useDataset(tripsDataset);
  const refresh = useRefreshDataset(tripsDataset);
  const handleError = useErrorHandler();
  const access = useAccess();
  const [open, setOpen] = useState<Open | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const can = {
    blink:
      access.canDo('customer-travel-trips', 'CREATE') ||
      access.canDo('customer-insurance', 'CREATE'),
    edit: access.canDo('customer-travel-trips', 'UPDATE'),
    cancel: access.canDo('customer-travel-trips', 'DELETE'),
    resolve: access.canDo('customer-travel-resolutions', 'READ'),
  };
  const list = trips.data ?? [];

  /** Spec 2 §4.5: the row spins until the trip list is fetched again 8 s after an alert. */
  const alertSent = (flightId: string) => {
    setBusy((current) => new Set(current).add(flightId));
    timers.current.push(
      setTimeout(() => {
        void refresh()
          .catch((error: unknown) => handleError(error))
          .finally(() =>
            setBusy((current) => {
              const next = new Set(current);
              next.delete(flightId);
              return next;
            }),
          );
      }, TRIP_REFRESH_AFTER_ALERT_MS),
    );
  };

  return (
    <Page title={t('insurances.title')} lead={t('insurances.lead')} testId="insurances">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        {can.blink ? <BlinkItButton /> : null}
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 16rem' }}>
          {t('insurances.cancellation_note')}{' '}
          <Link component={RouterLink} to={contentPaths.keyFacts}>
            {t('insurances.key_facts')}
          </Link>
        </Typography>
      </Box>
      <LoadState
        loaded={trips.loaded}
        failed={trips.failed}
        rowHeight={160}
        onRetry={() => void refresh().catch((error: unknown) => handleError(error))}
      >
        {list.length === 0 ? (
          <Typography>{t('insurances.empty')}</Typography>
        ) : (
          <Box
            component="ul"
            aria-label={t('insurances.list')}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
          >
            {list.map((trip) => (
              <TripCard
                key={trip.tripId}
                trip={trip}
                can={can}
                busyFlights={busy}
                onAction={(action) => setOpen({ action, trip })}
                onUpdateStatus={(flight) => setOpen({ action: 'notify', trip, flight })}
              />
            ))}
          </Box>
        )}
      </LoadState>
      {open?.action === 'details' ? (
        <FlightDetailsDialog trip={open.trip} onClose={() => setOpen(null)} />
      ) : null}
      {open?.action === 'edit' ? (
        <EditTripDialog trip={open.trip} onClose={() => setOpen(null)} />
      ) : null}
      {open?.action === 'cancel' ? (
        <CancelTripDialog trip={open.trip} onClose={() => setOpen(null)} />
      ) : null}
      {open?.action === 'notify' ? (
        <NotifyDisruptionDialog
          tripId={open.trip.tripId}
          flight={open.flight}
          onClose={() => setOpen(null)}
          onSent={alertSent}
        />
      ) : null}
    </Page>
  );
}
