import { useTranslation } from 'react-i18next';
import { CardBody } from '../../components/cards/card-body.tsx';
import { ItemList } from '../../components/cards/item-list.tsx';
import { useDataset } from '../../core/data/use-dataset.ts';
import { formatDate } from '@tern/domain/i18n/format';
import { tripsDataset } from './datasets.ts';

/** TRIPS: each trip by its first flight, newest first (the API's order). */
export default function TripsCard() {
  const { t, i18n } = useTranslation('travel');
  const trips = useDataset(tripsDataset);
  const list = trips.data ?? [];
  return (
    <CardBody
      loaded={trips.loaded}
      failed={trips.failed}
      empty={list.length === 0}
      emptyText={t('cards.trips.empty')}
    >
      <ItemList
        label={t('dashboard.cards.trips.title')}
        entries={list.map((trip) => {
          const flight = trip.flights[0];
          return {
            key: trip.tripId,
            primary: flight
              ? t('cards.trips.route', {
                  origin: flight.originAirport ?? flight.origin,
                  destination: flight.destinationAirport ?? flight.destination ?? '—',
                })
              : t('cards.trips.no_flights'),
            secondary: flight
              ? t('cards.trips.flight', {
                  flight: flight.flightNumber,
                  date: formatDate(flight.embarkDate, i18n.language),
                  passengers: trip.passengers.length,
                })
              : undefined,
          };
        })}
      />
    </CardBody>
  );
}
