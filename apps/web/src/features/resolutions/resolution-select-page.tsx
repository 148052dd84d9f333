import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LoadState } from '../../components/page/load-state.tsx';
import { Page } from '../../components/page/page.tsx';
import { useDataset } from '../../core/data/use-dataset.ts';
import { paths } from '../../core/routing/paths.ts';
import { tripsDataset } from '../travel/datasets.ts';
import { resolutionsPaths } from './paths.ts';
import { ResolutionCard } from './resolution-card.tsx';

/**
 * `/resolution/select` (spec 1 §2, spec 2 §2.2): with `category=flights&tripId&flightId` the
 * resolution card of that flight (the Resolve button leads here, the lounge, rebooking and
 * hotel steps come back here), with `category=luggage&bagId` that lost bag's; without, one
 * card per disrupted flight of the user's trips.
 */
export default function ResolutionSelectPage() {
  const { t } = useTranslation('resolutions');
  const [params] = useSearchParams();
  const tripId = params.get('tripId');
  const flightId = params.get('flightId');
  const bagId = params.get('category') === 'luggage' ? params.get('bagId') : null;
  const subject = bagId ? { bagId } : tripId && flightId ? { tripId, flightId } : null;
  return (
    <Page title={t('select.title')} lead={t('select.lead')} testId="resolution-select">
      {subject ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <ResolutionCard subject={subject} />
          <Button component={RouterLink} to={resolutionsPaths.select} sx={{ justifySelf: 'start' }}>
            {t('select.all')}
          </Button>
        </Box>
      ) : (
        <DisruptedFlights />
      )}
    </Page>
  );
}

/** Every alerted flight of the user's open trips, from the TRIPS dataset the session loads. */
function DisruptedFlights() {
  const { t } = useTranslation('resolutions');
  // The travel area's dataset, read from the session's cache (it loads it with the others).
  const trips = useDataset(tripsDataset);
  const flights = (trips.data ?? []).flatMap((trip) =>
    trip.flights
      .filter((f) => f.alerted === 1 && f.active === 1)
      .map((f) => ({ tripId: trip.tripId, flightId: f.flightId })),
  );
  return (
    <LoadState loaded={trips.data !== undefined} failed={trips.failed} rowHeight={120}>
      {flights.length === 0 ? (
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
          <Typography>{t('select.empty')}</Typography>
          <Button variant="contained" component={RouterLink} to={paths.dashboard}>
            {t('nav.back_to_dashboard', { ns: 'translation' })}
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {flights.map((subject) => (
            <ResolutionCard key={subject.flightId} subject={subject} />
          ))}
        </Box>
      )}
    </LoadState>
  );
}
