import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DEFAULT_TRIP_TYPE, type TripType } from '@tern/domain/constants';
import { insuranceStartFormSchema } from '@tern/domain/travel/forms';
import type { FlightOption } from '@tern/domain/travel/requests';
import { canAddFlight, tripFlightsProblem } from '@tern/domain/travel/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { FormDialog } from '../../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { RadioGroupInput } from '../../../components/inputs/radio-group-input.tsx';
import { SelectInput } from '../../../components/inputs/select-input.tsx';
import { useAppServices } from '../../../core/app-services.ts';
import { useDataset } from '../../../core/data/use-dataset.ts';
import { formatDate } from '@tern/domain/i18n/format';
import { policiesDataset } from '../../policies/datasets.ts';
import { CompleteTripWizard } from './complete-trip-wizard.tsx';
import { FlightWizard } from './flight-wizard.tsx';

type Step = { kind: 'start' } | { kind: 'flights'; adding: boolean } | { kind: 'complete' };

/**
 * The add-insurance wizard (spec 2 §4.1): 1 the policy (where the partner sells flight cover
 * on one) and the trip type; 2 its flights, each found by the flight wizard: a single trip
 * completes with its one outbound flight, a return with its way back, a multi-trip of 2 to 4
 * flights when the user goes on. Then the complete-trip wizard.
 */
export function AddInsuranceWizard({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('travel');
  const { themeConfig } = useAppServices();
  const policyShown = themeConfig.config.includePolicy.flightCover;
  const policies = useDataset(policiesDataset).data ?? [];
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const [type, setType] = useState<TripType>(DEFAULT_TRIP_TYPE);
  const [policyNumber, setPolicyNumber] = useState<string | undefined>();
  const [items, setItems] = useState<FlightOption[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm(insuranceStartFormSchema(policyShown), {
    policyNumber: policies[0]?.externalPolicyNumber ?? '',
    tripType: DEFAULT_TRIP_TYPE,
  });

  if (step.kind === 'start')
    return (
      <FormDialog
        title={t('add.title')}
        lead={t('add.lead')}
        form={form}
        submitLabel={t('add.next')}
        cancelLabel={t('add.cancel')}
        onCancel={onClose}
        onSubmit={async (values) => {
          setType(values.tripType);
          setPolicyNumber(values.policyNumber || undefined);
          setStep({ kind: 'flights', adding: true });
        }}
      >
        {policyShown ? (
          <SelectInput
            name="policyNumber"
            label={t('add.policy')}
            required
            options={policies.map((p) => ({
              value: p.externalPolicyNumber,
              label: `${p.externalPolicyNumber} · ${p.product}`,
            }))}
          />
        ) : null}
        <RadioGroupInput
          name="tripType"
          label={t('add.trip_type')}
          options={(['single', 'return', 'multi'] as const).map((value) => ({
            value,
            label: t(`trip_types.${value}`),
          }))}
        />
      </FormDialog>
    );

  if (step.kind === 'complete')
    return (
      <CompleteTripWizard
        type={type}
        flights={items}
        policyNumber={policyNumber}
        onBack={() => setStep({ kind: 'flights', adding: false })}
        onDone={onClose}
      />
    );

  // Return: out first, then back; single: out; multi: the user chooses, out by default.
  const direction = type === 'return' && items.length > 0 ? 'inbound' : 'outbound';
  const add = (found: FlightOption[]) => {
    const next = [...items, ...found];
    setItems(next);
    setProblem(null);
    const complete = type !== 'multi' && !canAddFlight(type, next.length);
    setStep(
      complete && !tripFlightsProblem(type, next.length)
        ? { kind: 'complete' }
        : { kind: 'flights', adding: false },
    );
  };
  return (
    <>
      <Dialog
        open={!step.adding}
        title={t('add.flights_title', { type: t(`trip_types.${type}`) })}
        onClose={onClose}
        actions={
          <>
            <Button onClick={onClose}>{t('add.cancel')}</Button>
            <Button
              variant="contained"
              onClick={() => {
                const found = tripFlightsProblem(type, items.length);
                if (found) setProblem(found);
                else setStep({ kind: 'complete' });
              }}
            >
              {t('add.continue')}
            </Button>
          </>
        }
      >
        {items.length === 0 ? (
          <Typography>{t('add.no_flights')}</Typography>
        ) : (
          <Box component="ul" aria-label={t('add.items')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map((item, index) => (
              <Box
                component="li"
                key={`${item.flightNumber}-${item.embarkDate}-${item.origin}-${index}`}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}
              >
                <Typography sx={{ flexGrow: 1 }}>
                  {t('add.item', {
                    flight: item.flightNumber,
                    direction: t(`directions.${item.direction}`),
                    date: formatDate(item.embarkDate, i18n.language),
                    time: item.embarkTime,
                    origin: item.origin,
                  })}
                </Typography>
                <Button
                  size="small"
                  color="error"
                  aria-label={t('add.remove', { flight: item.flightNumber })}
                  onClick={() => setItems(items.filter((_, i) => i !== index))}
                >
                  {t('add.remove_short')}
                </Button>
              </Box>
            ))}
          </Box>
        )}
        {canAddFlight(type, items.length) ? (
          <Button
            sx={{ mt: 2 }}
            variant="outlined"
            onClick={() => setStep({ kind: 'flights', adding: true })}
          >
            {t('add.add_flight')}
          </Button>
        ) : null}
        {problem ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t(problem, { ns: 'translation' })}
          </Alert>
        ) : null}
      </Dialog>
      {step.adding ? (
        <FlightWizard
          direction={direction}
          directionChoice={type === 'multi'}
          policyNumber={policyNumber}
          onAdd={add}
          onClose={() => (items.length ? setStep({ kind: 'flights', adding: false }) : onClose())}
        />
      ) : null}
    </>
  );
}
