import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Flight, Trip } from '@tern/domain/travel/schemas';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { flightResolutionPath } from '../resolutions/index.ts';
import { formatDate } from '@tern/domain/i18n/format';
import { FlightBadge } from './flight-badge.tsx';

export type TripAction = 'details' | 'edit' | 'cancel';

/** A trip whose flight has left or been disrupted is kept as it was (spec 2 §2.3). */
const isSettled = (trip: Trip) => trip.flights.some((f) => f.departed || f.alerted);

/** Spec 2 §2.3: flights are shown only if cancelled or active. */
export const shownFlights = (trip: Trip) => trip.flights.filter((f) => f.active || f.cancelled);

/**
 * Update status (spec 2 §2.3): not while the row waits on its own notice, and only for a
 * flight nobody watches for the customer (isMonitored 0) that they were asked about
 * (notified 1) and that is not cancelled.
 */
const canUpdateStatus = (flight: Flight, busy: boolean) =>
  !busy && flight.isMonitored === 0 && flight.notified === 1 && flight.cancelled === 0;

/**
 * One trip of My insurances: its type, booking reference and actions, then each flight with
 * its direction, date, time, route, badge, Resolve (an alerted flight, where the user has the
 * resolutions feature) and Update status.
 */
export function TripCard({
  trip,
  can,
  busyFlights,
  onAction,
  onUpdateStatus,
}: {
  trip: Trip;
  can: { edit: boolean; cancel: boolean; resolve: boolean };
  busyFlights: ReadonlySet<string>;
  onAction: (action: TripAction) => void;
  onUpdateStatus: (flight: Flight) => void;
}) {
  const { t, i18n } = useTranslation('travel');
  const settled = isSettled(trip);
  return (
    <Card component="li" variant="outlined" aria-label={t(`trip_types.${trip.type}`)}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t(`trip_types.${trip.type}`)}
          </Typography>
          {trip.bookingRef ? (
            <Typography color="text.secondary">
              {t('insurances.booking_ref', { ref: trip.bookingRef })}
            </Typography>
          ) : null}
        </Box>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {shownFlights(trip).map((flight) => {
            const busy = busyFlights.has(flight.flightId);
            return (
              <Box
                component="li"
                key={flight.flightId}
                aria-label={flight.flightNumber}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1,
                  borderTop: 1,
                  borderColor: 'divider',
                  pt: 1,
                }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {flight.flightNumber} · {t(`directions.${flight.direction}`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('insurances.when', {
                      date: formatDate(flight.embarkDate, i18n.language),
                      time: flight.embarkTime,
                    })}
                    {' · '}
                    {t('insurances.route', {
                      origin: flight.origin,
                      destination: flight.destination ?? '---',
                    })}
                  </Typography>
                </Box>
                {busy ? <CircularProgress size={20} aria-label={t('insurances.updating')} /> : null}
                <FlightBadge flight={flight} alerts={trip.alerts} />
                {can.resolve && flight.alerted === 1 ? (
                  <Button
                    size="small"
                    variant="contained"
                    component={RouterLink}
                    to={flightResolutionPath(trip.tripId, flight.flightId)}
                    aria-label={`${t('insurances.resolve')} ${flight.flightNumber}`}
                  >
                    {t('insurances.resolve')}
                  </Button>
                ) : null}
                {canUpdateStatus(flight, busy) ? (
                  <Button size="small" onClick={() => onUpdateStatus(flight)}>
                    {t('insurances.update_status')}
                  </Button>
                ) : null}
              </Box>
            );
          })}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" variant="outlined" onClick={() => onAction('details')}>
            {t('insurances.details')}
          </Button>
          {can.edit && !settled ? (
            <Button size="small" variant="outlined" onClick={() => onAction('edit')}>
              {t('insurances.edit')}
            </Button>
          ) : null}
          {can.cancel && !settled ? (
            <Button
              size="small"
              color="error"
              variant="outlined"
              onClick={() => onAction('cancel')}
            >
              {t('insurances.cancel')}
            </Button>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}
