import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { FlightDirection } from '@tern/domain/constants';
import { travelContracts } from '@tern/domain/travel/contracts';
import {
  flightLookupFormSchema,
  manualFlightFormSchema,
  pickFlightsFormSchema,
  type FlightLookupFormValues,
} from '@tern/domain/travel/forms';
import type { FlightOption } from '@tern/domain/travel/requests';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { DateInput } from '../../../components/inputs/date-input.tsx';
import { DateTimeInput } from '../../../components/inputs/date-time-input.tsx';
import { RadioGroupInput } from '../../../components/inputs/radio-group-input.tsx';
import { SearchableSelect } from '../../../components/inputs/searchable-select.tsx';
import { TextInput } from '../../../components/inputs/text-input.tsx';
import { useErrorText } from '../../../components/inputs/use-error-text.ts';
import { useAppServices } from '../../../core/app-services.ts';
import { useAccess } from '../../../core/session/use-access.ts';
import { ApiRequestError } from '../../../lib/api-request-error.ts';
import { formatDate } from '@tern/domain/i18n/format';
import { useAirportOptions } from '../airports.ts';

type Page =
  | { kind: 'lookup' }
  | { kind: 'manual'; lookup: FlightLookupFormValues }
  | { kind: 'pick'; candidates: FlightOption[] };

export type FlightWizardProps = {
  /** Which way the flight goes: fixed by the trip type, or chosen (multi). */
  direction: FlightDirection;
  directionChoice: boolean;
  policyNumber: string | undefined;
  onAdd: (flights: FlightOption[]) => void;
  onClose: () => void;
};

/**
 * The flight wizard (spec 2 §4.2): 1 the number, date and direction; 2 when the schedule has
 * no such flight (FLIGHT_SCHEDULE_NOT_FOUND), its departure and origin airport by hand —
 * straight from page 1 for those who may enter chartered flights; 3 when several flights
 * match, which apply, each with its date. One match is added at once.
 */
export function FlightWizard(props: FlightWizardProps) {
  const [page, setPage] = useState<Page>({ kind: 'lookup' });
  if (page.kind === 'manual') return <ManualPage {...props} lookup={page.lookup} />;
  if (page.kind === 'pick') return <PickPage {...props} candidates={page.candidates} />;
  return <LookupPage {...props} onPage={setPage} />;
}

function LookupPage({
  direction,
  directionChoice,
  policyNumber,
  onAdd,
  onClose,
  onPage,
}: FlightWizardProps & { onPage: (page: Page) => void }) {
  const { t } = useTranslation('travel');
  const { api } = useAppServices();
  const chartered = useAccess().canDo('customer-travel-chartered', 'CREATE');
  const form = useZodForm(flightLookupFormSchema, {
    flightNumber: '',
    embarkDate: '',
    flightDirection: direction,
  });
  return (
    <FormDialog
      title={t('flight_wizard.title')}
      lead={t('flight_wizard.lookup_lead')}
      form={form}
      submitLabel={t('flight_wizard.find')}
      cancelLabel={t('flight_wizard.cancel')}
      onCancel={onClose}
      onSubmit={async (values) => {
        try {
          const { flights } = await api.call(travelContracts.validateFlight, {
            query: {
              flightNumber: values.flightNumber,
              embarkDate: values.embarkDate,
              direction: values.flightDirection,
              flightType: 'main',
              ...(policyNumber ? { policyNumber } : {}),
            },
          });
          if (flights.length === 1) onAdd(flights);
          else onPage({ kind: 'pick', candidates: flights });
        } catch (error) {
          if (error instanceof ApiRequestError && error.code === 'FLIGHT_SCHEDULE_NOT_FOUND')
            return onPage({ kind: 'manual', lookup: values });
          throw error;
        }
      }}
    >
      <TextInput name="flightNumber" label={t('flight_wizard.flight_number')} required />
      <DateInput name="embarkDate" label={t('flight_wizard.date')} required />
      {directionChoice ? (
        <RadioGroupInput
          name="flightDirection"
          label={t('flight_wizard.direction')}
          row
          options={[
            { value: 'outbound', label: t('directions.outbound') },
            { value: 'inbound', label: t('directions.inbound') },
          ]}
        />
      ) : null}
      {chartered ? (
        <Box>
          <Button
            onClick={() => {
              const values = form.getValues();
              if (!values.flightNumber)
                return void form.trigger('flightNumber', { shouldFocus: true });
              onPage({ kind: 'manual', lookup: values });
            }}
          >
            {t('flight_wizard.chartered')}
          </Button>
        </Box>
      ) : null}
    </FormDialog>
  );
}

function ManualPage({
  lookup,
  policyNumber,
  onAdd,
  onClose,
}: FlightWizardProps & { lookup: FlightLookupFormValues }) {
  const { t } = useTranslation('travel');
  const { api } = useAppServices();
  const airports = useAirportOptions();
  const form = useZodForm(manualFlightFormSchema, {
    embarkDateTime: lookup.embarkDate ? `${lookup.embarkDate}T12:00` : '',
    origin: '',
  });
  return (
    <FormDialog
      title={t('flight_wizard.manual_title', { flight: lookup.flightNumber.toUpperCase() })}
      lead={t('flight_wizard.manual_lead')}
      form={form}
      submitLabel={t('flight_wizard.add')}
      cancelLabel={t('flight_wizard.cancel')}
      onCancel={onClose}
      onSubmit={async (values) => {
        const flight = await api.call(travelContracts.userFlight, {
          body: {
            flightNumber: lookup.flightNumber,
            embarkDateTime: values.embarkDateTime,
            origin: values.origin,
            direction: lookup.flightDirection,
            ...(policyNumber ? { policyNumber } : {}),
          },
        });
        onAdd([flight]);
      }}
    >
      <DateTimeInput name="embarkDateTime" label={t('flight_wizard.departure')} required />
      <SearchableSelect
        name="origin"
        label={t('flight_wizard.origin')}
        required
        limit={50}
        loading={airports.isPending}
        options={airports.data ?? []}
      />
    </FormDialog>
  );
}

function PickPage({
  candidates,
  onAdd,
  onClose,
}: FlightWizardProps & { candidates: FlightOption[] }) {
  const { t, i18n } = useTranslation('travel');
  const form = useZodForm(pickFlightsFormSchema, {
    isSelected: candidates.map(() => false),
    depDate: candidates.map((c) => c.embarkDate),
  });
  const noneError = useErrorText(
    form.formState.errors.isSelected?.root ?? (form.formState.errors.isSelected as never),
  );
  return (
    <FormDialog
      title={t('flight_wizard.pick_title')}
      lead={t('flight_wizard.pick_lead')}
      form={form}
      submitLabel={t('flight_wizard.add')}
      cancelLabel={t('flight_wizard.cancel')}
      onCancel={onClose}
      onSubmit={async (values) => {
        onAdd(
          candidates
            .map((c, i) => ({ ...c, embarkDate: values.depDate[i] ?? c.embarkDate }))
            .filter((_, i) => values.isSelected[i]),
        );
      }}
    >
      {candidates.map((c, i) => (
        <Box
          key={`${c.origin}-${c.embarkDate}-${c.embarkTime}`}
          sx={{
            display: 'grid',
            gap: 1,
            borderTop: i ? 1 : 0,
            borderColor: 'divider',
            pt: i ? 1 : 0,
          }}
        >
          <Controller
            name={`isSelected.${i}`}
            control={form.control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={Boolean(field.value)}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
                label={t('flight_wizard.candidate', {
                  flight: c.flightNumber,
                  origin: c.origin,
                  destination: c.destination ?? '---',
                  date: formatDate(c.embarkDate, i18n.language),
                  time: c.embarkTime,
                })}
              />
            )}
          />
          <DateInput
            name={`depDate.${i}`}
            label={t('flight_wizard.date_of', { flight: c.flightNumber })}
          />
        </Box>
      ))}
      {noneError ? (
        <FormHelperText error role="alert">
          {noneError}
        </FormHelperText>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {t('flight_wizard.pick_help')}
      </Typography>
    </FormDialog>
  );
}
