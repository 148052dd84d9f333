import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { PartnerMode } from '@tern/domain/partners/config';
import { useTranslation } from 'react-i18next';
import { useDataset, useSubscription } from '../../app/data/use-dataset.ts';
import { CardBody } from './card-body.tsx';
import { formatDate } from './format-date.ts';
import { ItemList } from './item-list.tsx';

/** TRIPS: each trip by its first flight, newest first (the API's order). */
export function TripsContent() {
  const { t, i18n } = useTranslation();
  const trips = useDataset('TRIPS');
  const list = trips.data ?? [];
  return (
    <CardBody
      loaded={trips.loaded}
      failed={trips.failed}
      empty={list.length === 0}
      emptyText={t('dashboard.cards.trips.empty')}
    >
      <ItemList
        label={t('dashboard.cards.trips.title')}
        entries={list.map((trip) => {
          const flight = trip.flights[0];
          return {
            key: trip.tripId,
            primary: flight
              ? t('dashboard.cards.trips.route', {
                  origin: flight.originAirport ?? flight.origin,
                  destination: flight.destinationAirport ?? flight.destination ?? '—',
                })
              : t('dashboard.cards.trips.no_flights'),
            secondary: flight
              ? t('dashboard.cards.trips.flight', {
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

/** SUMMARY: the active policies, plus the configuration's own figures. */
export function SummaryContent({ mode }: { mode: PartnerMode }) {
  const { t, i18n } = useTranslation();
  const policies = useDataset('POLICIES');
  const list = policies.data ?? [];
  return (
    <>
      <CardBody
        loaded={policies.loaded}
        failed={policies.failed}
        empty={list.length === 0}
        emptyText={t('dashboard.cards.summary.empty')}
      >
        <ItemList
          label={t('dashboard.cards.summary.policies')}
          entries={list.map((policy) => ({
            key: policy.externalPolicyNumber,
            primary: t('dashboard.cards.summary.policy', { number: policy.externalPolicyNumber }),
            secondary: policy.policyEnd
              ? t('dashboard.cards.summary.valid_until', {
                  start: formatDate(policy.policyStart, i18n.language),
                  end: formatDate(policy.policyEnd, i18n.language),
                })
              : t('dashboard.cards.summary.open_ended', {
                  start: formatDate(policy.policyStart, i18n.language),
                }),
          }))}
        />
      </CardBody>
      {mode === 'parametric' ? <ParametricFigures /> : null}
      {mode === 'monitoring' ? <MonitoringFigures /> : null}
    </>
  );
}

function Figure({ loaded, text }: { loaded: boolean; text: string }) {
  return loaded ? (
    <Typography variant="body2" sx={{ mt: 1 }}>
      {text}
    </Typography>
  ) : null;
}

function ParametricFigures() {
  const { t } = useTranslation();
  const items = useDataset('ITEMS');
  const alerts = useDataset('ITEM_ALERTS');
  return (
    <>
      <Figure
        loaded={items.loaded}
        text={t('dashboard.cards.summary.items', { number: items.data?.length ?? 0 })}
      />
      <Figure
        loaded={alerts.loaded}
        text={t('dashboard.cards.summary.open_claims', {
          number: alerts.data?.filter((alert) => !alert.completed).length ?? 0,
        })}
      />
    </>
  );
}

function MonitoringFigures() {
  const { t } = useTranslation();
  const monitored = useDataset('OWL_MONITORED_DATA');
  const alerts = useDataset('OWL_ALERTS');
  const count = Object.values(monitored.data ?? {}).reduce(
    (total, type) => total + (type?.items.length ?? 0),
    0,
  );
  return (
    <>
      <Figure
        loaded={monitored.loaded}
        text={t('dashboard.cards.summary.monitored_items', { number: count })}
      />
      <Figure
        loaded={alerts.loaded}
        text={t('dashboard.cards.summary.open_alerts', {
          number: alerts.data?.filter((alert) => !alert.completed).length ?? 0,
        })}
      />
    </>
  );
}

/** LUGGAGE: the user's lost-bag reports. */
export function LuggageContent() {
  const { t, i18n } = useTranslation();
  const bags = useDataset('LUGGAGE');
  const list = bags.data ?? [];
  return (
    <CardBody
      loaded={bags.loaded}
      failed={bags.failed}
      empty={list.length === 0}
      emptyText={t('dashboard.cards.luggage.empty')}
    >
      <ItemList
        label={t('dashboard.cards.luggage.title')}
        entries={list.map((bag) => ({
          key: bag.bagId,
          primary: t('dashboard.cards.luggage.report', { pir: bag.pir }),
          secondary: t('dashboard.cards.luggage.status', {
            status: t(`dashboard.cards.luggage.statuses.${bag.status}`),
            date: formatDate(bag.reportedOn, i18n.language),
          }),
        }))}
      />
    </CardBody>
  );
}

/** PASSENGERS: the people the user travels with, the account holder first. */
export function PassengersContent() {
  const { t } = useTranslation();
  const passengers = useDataset('PASSENGERS');
  const list = [...(passengers.data ?? [])]
    .filter((passenger) => passenger.active === 1)
    .sort((a, b) => b.accountHolder - a.accountHolder);
  return (
    <CardBody
      loaded={passengers.loaded}
      failed={passengers.failed}
      empty={list.length === 0}
      emptyText={t('dashboard.cards.passengers.empty')}
    >
      <ItemList
        label={t('dashboard.cards.passengers.title')}
        entries={list.map((passenger) => ({
          key: passenger.passengerId,
          primary: `${passenger.name} ${passenger.surname}`,
          secondary:
            passenger.accountHolder === 1
              ? t('dashboard.cards.passengers.account_holder')
              : undefined,
        }))}
      />
    </CardBody>
  );
}

/** PAYMENT_METHODS: payout methods with their masked account, the preferred one marked. */
export function PayoutMethodsContent() {
  const { t } = useTranslation();
  const methods = useDataset('PAYOUT_METHODS');
  const list = methods.data ?? [];
  return (
    <CardBody
      loaded={methods.loaded}
      failed={methods.failed}
      empty={list.length === 0}
      emptyText={t('dashboard.cards.payment_methods.empty')}
    >
      <ItemList
        label={t('dashboard.cards.payment_methods.title')}
        entries={list.map((method) => ({
          key: method.payoutMethodId,
          primary: method.description,
          // Account numbers and IBANs only ever arrive masked from the API.
          secondary: method.accountNumber ?? method.iban ?? method.provider,
          end:
            method.preferred === 1 ? (
              <Chip
                size="small"
                color="primary"
                label={t('dashboard.cards.payment_methods.preferred')}
              />
            ) : undefined,
        }))}
      />
    </CardBody>
  );
}

/** INITIAL_SCAN: where the first scan of the monitored data stands. */
export function InitialScanContent() {
  const { t } = useTranslation();
  const subscription = useSubscription();
  const text = !subscription
    ? undefined
    : 'error' in subscription
      ? t('dashboard.cards.initial_scan.unknown')
      : !subscription.subscribed
        ? t('dashboard.cards.initial_scan.inactive')
        : subscription.initialScan
          ? t('dashboard.cards.initial_scan.complete')
          : t('dashboard.cards.initial_scan.running');
  return (
    <CardBody loaded={text !== undefined} failed={false} empty={false} emptyText="">
      <Typography>{text}</Typography>
    </CardBody>
  );
}
