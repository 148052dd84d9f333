import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { BAG_TYPES } from '@tern/domain/luggage/worldtracer';
import { formatDate } from '@tern/domain/i18n/format';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { BoundForm } from '../../../components/form/form.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { DateTimeInput } from '../../../components/inputs/date-time-input.tsx';
import { SelectInput } from '../../../components/inputs/select-input.tsx';
import { TextInput } from '../../../components/inputs/text-input.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { useDataset } from '../../../core/data/use-dataset.ts';
import { ApiRequestError } from '../../../lib/api-request-error.ts';
import { tripsDataset } from '../../travel/datasets.ts';
import { checkBagPhoto } from './bag-photo-rule.ts';
import { ColourInput } from './colour-input.tsx';
import { PhotoField } from './photo-field.tsx';
import {
  nowLocal,
  REPORT_STEPS,
  reportableFlights,
  reportFormSchema,
  stepOf,
  type ReportFormValues,
} from './report-form.ts';
import { useReportBag, type ReportPhase } from './use-report-bag.ts';

/** The API's refusals of the photo itself, as the photo field says them. */
const PHOTO_ERRORS: Record<string, string> = {
  PAYLOAD_TOO_LARGE: 'wizard.photo_too_large',
  UNSUPPORTED_MEDIA_TYPE: 'wizard.photo_wrong_type',
};

/**
 * Report a bag (spec 2 §4.6, issue 27 item 5), in three short steps a phone fills in under two
 * minutes: 1 the flight (one of the customer's that has left), the PIR and the tag number,
 * each with where to find it; 2 the colour and type (WorldTracer's codes by name) and when it
 * was reported (now unless changed); 3 the photo and an optional AirTag link. Each step is
 * checked by the API's own rules before the next; sending reports, uploads the photo with its
 * progress and completes the report. An API error naming a field brings its step back.
 */
export default function ReportWizard({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('luggage');
  const trips = useDataset(tripsDataset);
  // The wizard's now (the report time's default and bound), fixed when it opens.
  const [now] = useState(nowLocal);
  const flights = useMemo(
    () => reportableFlights(trips.data ?? [], now.slice(0, 10)),
    [trips.data, now],
  );
  const [step, setStep] = useState(0);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [phase, setPhase] = useState<ReportPhase | null>(null);
  const report = useReportBag();
  const toast = useToast();
  const formId = useId();
  const form = useZodForm(reportFormSchema, {
    flightId: flights.length === 1 ? flights[0]!.flightId : '',
    pir: '',
    tagNumber: '',
    colour: undefined,
    type: undefined,
    reportedOnLocal: now,
    airtagUrl: '',
  });
  const last = step === REPORT_STEPS.length - 1;
  const busy = phase !== null;

  // A step refused gives its first field in error the focus, as a refused form does.
  const next = async () => {
    if (await form.trigger(REPORT_STEPS[step]!.fields, { shouldFocus: true })) setStep(step + 1);
  };

  const submit = async (values: ReportFormValues) => {
    if (!last) return next();
    const problem = checkBagPhoto(photo);
    setPhotoError(problem);
    const flight = flights.find((f) => f.flightId === values.flightId);
    if (problem || !photo || !flight) return;
    const { airtagUrl, ...rest } = values;
    try {
      await report(
        {
          ...rest,
          tripId: flight.tripId,
          // Spec 2 §5: report dates travel as YYYY-MM-DD HH:mm.
          reportedOnLocal: values.reportedOnLocal.replace('T', ' '),
          ...(airtagUrl ? { airtagUrl } : {}),
        },
        photo,
        setPhase,
      );
      toast.showMessage(t('wizard.sent'), 'success');
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError) {
        const photoProblem =
          (error.code && PHOTO_ERRORS[error.code]) ??
          (error.field === 'image' ? 'wizard.photo_required' : null);
        if (photoProblem) return setPhotoError(photoProblem);
        const at = stepOf(error.field ?? error.details?.find((d) => d.field)?.field);
        if (at >= 0) setStep(at);
      }
      throw error;
    } finally {
      setPhase(null);
    }
  };

  const name = REPORT_STEPS[step]!.name;
  return (
    <Dialog
      open
      title={t('wizard.title')}
      {...(busy ? {} : { onClose })}
      actions={
        <>
          {step > 0 ? (
            <Button onClick={() => setStep(step - 1)} disabled={busy}>
              {t('wizard.back')}
            </Button>
          ) : (
            <Button onClick={onClose}>{t('wizard.cancel')}</Button>
          )}
          {flights.length === 0 ? null : last ? (
            <Button type="submit" form={formId} variant="contained" loading={busy}>
              {t('wizard.submit')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => void next()}>
              {t('wizard.next')}
            </Button>
          )}
        </>
      }
    >
      <Typography variant="subtitle1" component="h3" sx={{ mb: 2 }} aria-live="polite">
        {t('wizard.step', { step: step + 1, total: REPORT_STEPS.length })} ·{' '}
        {t(`wizard.steps.${name}`)}
      </Typography>
      {flights.length === 0 ? (
        <Typography>{t('wizard.no_flights')}</Typography>
      ) : (
        <BoundForm id={formId} form={form} onSubmit={submit}>
          {() =>
            name === 'flight' ? (
              <>
                <SelectInput
                  name="flightId"
                  label={t('wizard.flight')}
                  required
                  options={flights.map((f) => ({
                    value: f.flightId,
                    label: t('wizard.flight_option', {
                      flight: f.flightNumber,
                      date: formatDate(f.embarkDate, i18n.language),
                      origin: f.origin,
                      destination: f.destination ?? '---',
                    }),
                  }))}
                />
                <TextInput
                  name="pir"
                  label={t('wizard.pir')}
                  helperText={t('wizard.pir_hint')}
                  required
                  maxLength={16}
                  autoComplete="off"
                />
                <TextInput
                  name="tagNumber"
                  label={t('wizard.tag')}
                  helperText={t('wizard.tag_hint')}
                  required
                  maxLength={16}
                  inputMode="numeric"
                  autoComplete="off"
                />
              </>
            ) : name === 'bag' ? (
              <>
                <ColourInput name="colour" label={t('wizard.colour')} />
                <SelectInput
                  name="type"
                  label={t('wizard.type')}
                  required
                  options={BAG_TYPES.map((code) => ({ value: code, label: t(`types.${code}`) }))}
                />
                <DateTimeInput
                  name="reportedOnLocal"
                  label={t('wizard.reported_on')}
                  helperText={t('wizard.reported_on_hint')}
                  required
                  max={now}
                />
              </>
            ) : (
              <Box sx={{ display: 'grid', gap: 2 }}>
                <PhotoField
                  file={photo}
                  error={photoError}
                  uploading={phase?.step === 'upload' ? phase.percent : null}
                  onChange={(file) => {
                    setPhoto(file);
                    setPhotoError(file ? checkBagPhoto(file) : null);
                  }}
                />
                <TextInput
                  name="airtagUrl"
                  type="url"
                  label={t('wizard.airtag')}
                  helperText={t('wizard.airtag_hint')}
                  maxLength={2000}
                  autoComplete="off"
                />
              </Box>
            )
          }
        </BoundForm>
      )}
    </Dialog>
  );
}
