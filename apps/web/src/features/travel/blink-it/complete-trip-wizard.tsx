import Box from '@mui/material/Box';
import { widgetHost } from '../../../core/widget-host.ts';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PASSENGER_SELECTION_DELAY_MS, type TripType } from '@tern/domain/constants';
import { travelContracts } from '@tern/domain/travel/contracts';
import { confirmTripFormSchema } from '@tern/domain/travel/forms';
import type { FlightOption } from '@tern/domain/travel/requests';
import { passengerCountProblem } from '@tern/domain/travel/rules';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { FormDialog } from '../../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { CheckboxInput } from '../../../components/inputs/checkbox-input.tsx';
import { CheckboxListInput } from '../../../components/inputs/checkbox-list-input.tsx';
import { SelectInput } from '../../../components/inputs/select-input.tsx';
import { TextInput } from '../../../components/inputs/text-input.tsx';
import { useAppServices } from '../../../core/app-services.ts';
import { useDataset, useRefreshDataset } from '../../../core/data/use-dataset.ts';
import { useAccount } from '../../../core/session/account.ts';
import { formatDate } from '@tern/domain/i18n/format';
import { documentPath } from '../../content/index.ts';
import { policiesDataset } from '../../policies/datasets.ts';
import { passengersDataset, tripsDataset } from '../datasets.ts';

type Chosen = { passengers: string[]; delegatedPassengerId: string | null };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The complete-trip wizard (spec 2 §4.3): 1 the passengers (where the partner lets users
 * choose), 2 confirm, 3 Blinked. Back from page 1 closes; the passenger page waits 500 ms
 * before moving on.
 */
export function CompleteTripWizard({
  type,
  flights,
  policyNumber,
  onBack,
  onDone,
}: {
  type: TripType;
  flights: FlightOption[];
  policyNumber: string | undefined;
  onBack: () => void;
  onDone: () => void;
}) {
  const { themeConfig } = useAppServices();
  const selectPassengers = themeConfig.config.selectPassengers;
  const [page, setPage] = useState<'passengers' | 'confirm' | 'done'>(
    selectPassengers ? 'passengers' : 'confirm',
  );
  const [chosen, setChosen] = useState<Chosen | null>(null);
  if (page === 'passengers')
    return (
      <PassengersPage
        flights={flights}
        policyNumber={policyNumber}
        initial={chosen}
        onBack={onBack}
        onNext={async (next) => {
          setChosen(next);
          await wait(PASSENGER_SELECTION_DELAY_MS);
          setPage('confirm');
        }}
      />
    );
  if (page === 'confirm')
    return (
      <ConfirmPage
        type={type}
        flights={flights}
        policyNumber={policyNumber}
        chosen={chosen}
        onBack={() => (selectPassengers ? setPage('passengers') : onBack())}
        onBlinked={() => setPage('done')}
      />
    );
  return <BlinkedPage onClose={onDone} />;
}

function PassengersPage({
  flights,
  policyNumber,
  initial,
  onBack,
  onNext,
}: {
  flights: FlightOption[];
  policyNumber: string | undefined;
  initial: Chosen | null;
  onBack: () => void;
  onNext: (chosen: Chosen) => Promise<void>;
}) {
  const { t } = useTranslation('travel');
  const passengers = useDataset(passengersDataset).data ?? [];
  const employee = useAccount()?.employee === 1;
  const policies = useDataset(policiesDataset).data;
  const maxInsured = policies?.find((p) => p.externalPolicyNumber === policyNumber)?.maxInsured;
  const seats = flights.map((f) => f.totalPassengers).filter((n): n is number => n !== null);
  const seatLimit = seats.length ? Math.min(...seats) : null;
  const holder = passengers.find((p) => p.accountHolder === 1);
  const form = useZodForm(
    () =>
      z
        .object({ morePassengers: z.array(z.string()), delegatedPassenger: z.string() })
        .superRefine((value, ctx) => {
          const selected = value.morePassengers.length;
          const problem =
            passengerCountProblem({ selected, employee, limit: seatLimit, form: 'blink' }) ??
            passengerCountProblem({ selected, employee, limit: maxInsured, form: 'edit' });
          if (problem)
            ctx.addIssue({
              code: 'custom',
              path: ['morePassengers'],
              message: problem.key,
              params: problem.values,
            });
        }),
    {
      morePassengers: initial?.passengers ?? (holder ? [holder.passengerId] : []),
      delegatedPassenger: initial?.delegatedPassengerId ?? holder?.passengerId ?? '',
    },
  );
  const ticked = form.watch('morePassengers') ?? [];
  return (
    <FormDialog
      title={t('complete.passengers_title')}
      lead={t('complete.passengers_lead')}
      form={form}
      submitLabel={t('complete.next')}
      cancelLabel={t('complete.back')}
      onCancel={onBack}
      onSubmit={(values) =>
        onNext({
          passengers: values.morePassengers,
          delegatedPassengerId: values.morePassengers.includes(values.delegatedPassenger)
            ? values.delegatedPassenger
            : null,
        })
      }
    >
      <CheckboxListInput
        name="morePassengers"
        label={t('complete.passengers')}
        errorValues={{ total: seatLimit, max: maxInsured }}
        options={passengers.map((p) => ({ value: p.passengerId, label: `${p.name} ${p.surname}` }))}
      />
      <SelectInput
        name="delegatedPassenger"
        label={t('edit.primary_contact')}
        options={[
          { value: '', label: t('edit.no_primary_contact') },
          ...passengers
            .filter((p) => ticked.includes(p.passengerId))
            .map((p) => ({ value: p.passengerId, label: `${p.name} ${p.surname}` })),
        ]}
      />
    </FormDialog>
  );
}

function ConfirmPage({
  type,
  flights,
  policyNumber,
  chosen,
  onBack,
  onBlinked,
}: {
  type: TripType;
  flights: FlightOption[];
  policyNumber: string | undefined;
  chosen: Chosen | null;
  onBack: () => void;
  onBlinked: () => void;
}) {
  const { t, i18n } = useTranslation('travel');
  const { api } = useAppServices();
  const refresh = useRefreshDataset(tripsDataset);
  const passengers = useDataset(passengersDataset).data ?? [];
  const form = useZodForm(confirmTripFormSchema, {
    confirmTermsOfBusiness: false as unknown as true,
    bookingRef: '',
  });
  const names = chosen
    ? passengers.filter((p) => chosen.passengers.includes(p.passengerId))
    : passengers.filter((p) => p.accountHolder === 1);
  return (
    <FormDialog
      title={t('complete.confirm_title')}
      lead={t('complete.confirm_lead', { type: t(`trip_types.${type}`) })}
      form={form}
      submitLabel={t('complete.blink')}
      cancelLabel={t('complete.back')}
      onCancel={onBack}
      onSubmit={async (values) => {
        const trip = await api.call(travelContracts.blinkIt, {
          body: {
            type: type.toUpperCase(),
            flights: flights.map((f) => ({
              flightNumber: f.flightNumber,
              embarkDate: f.embarkDate,
              embarkTime: f.embarkTime,
              origin: f.origin,
              direction: f.direction,
              userProvided: f.userProvided,
            })),
            passengers: chosen ? chosen.passengers : 1,
            delegatedPassengerId: chosen?.delegatedPassengerId ?? null,
            ...(policyNumber ? { policyNumber } : {}),
            ...(values.bookingRef.trim() ? { bookingRef: values.bookingRef.trim() } : {}),
          },
        });
        widgetHost.announce('trip-covered', { tripId: trip.tripId });
        await refresh();
        onBlinked();
      }}
    >
      <Box component="ul" aria-label={t('complete.flights')} sx={{ m: 0, pl: 3 }}>
        {flights.map((f) => (
          <li key={`${f.flightNumber}-${f.embarkDate}-${f.origin}`}>
            {t('complete.flight', {
              flight: f.flightNumber,
              direction: t(`directions.${f.direction}`),
              date: formatDate(f.embarkDate, i18n.language),
              time: f.embarkTime,
              origin: f.origin,
            })}
          </li>
        ))}
      </Box>
      <Typography>
        {t('complete.who', { names: names.map((p) => `${p.name} ${p.surname}`).join(', ') })}
      </Typography>
      <TextInput name="bookingRef" label={t('complete.booking_ref')} />
      <CheckboxInput
        name="confirmTermsOfBusiness"
        label={
          // The partner's terms, read in a new tab: the wizard keeps what was entered.
          <Trans
            t={t}
            i18nKey="complete.tob"
            components={{
              terms: (
                <Link
                  component={RouterLink}
                  to={documentPath('terms')}
                  target="_blank"
                  rel="noopener"
                />
              ),
            }}
          />
        }
      />
    </FormDialog>
  );
}

function BlinkedPage({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('travel');
  return (
    // One way on: its Close button (no second, iconic close beside it).
    <Dialog
      open
      title={t('complete.blinked_title')}
      actions={
        <Button variant="contained" onClick={onClose}>
          {t('complete.close')}
        </Button>
      }
    >
      <Typography>{t('complete.blinked_body')}</Typography>
    </Dialog>
  );
}
