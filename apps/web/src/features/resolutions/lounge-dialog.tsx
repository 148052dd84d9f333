import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { loungeFormSchema } from '@tern/domain/resolutions/requests';
import { loungeChoices } from '@tern/domain/resolutions/rules';
import type { ResolutionOption, ResolutionOptions } from '@tern/domain/resolutions/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog.tsx';
import { FormDialog } from '../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { CheckboxListInput } from '../../components/inputs/checkbox-list-input.tsx';
import { SelectInput } from '../../components/inputs/select-input.tsx';
import { TextInput } from '../../components/inputs/text-input.tsx';
import { useAppServices } from '../../core/app-services.ts';
import type { ResolutionActions } from './use-resolution-actions.ts';
import { useCodedText } from '../../lib/coded-text.ts';

/**
 * The terminal / lounge view (spec 2 §2.5, §4.7, §5 "Lounge form"): a lounge of the flight's
 * terminal (others where the partner allows viewing them), the lead guest's names (letters
 * only) and the guests among the trip's passengers; or "no terminal access", which asks yes /
 * no and records that no lounge was used (where the partner allows it).
 */
export function LoungeDialog({
  option,
  options,
  actions,
  onClose,
}: {
  option: ResolutionOption;
  options: ResolutionOptions;
  actions: ResolutionActions;
  onClose: () => void;
}) {
  const { t } = useTranslation('resolutions');
  const written = useCodedText();
  const { config } = useAppServices().themeConfig;
  const [noAccess, setNoAccess] = useState(false);
  const { here, others } = loungeChoices(
    option.state.lounges,
    options.flight?.terminal ?? null,
    config.viewOtherLounges,
  );
  const passengers = options.insured.passengers;
  const lead = passengers[0];
  const form = useZodForm(loungeFormSchema, {
    loungeId: here[0]?.loungeId ?? '',
    firstName: lead?.name ?? '',
    surname: lead?.surname ?? '',
    passengerIds: passengers.map((p) => p.passengerId),
  });
  const chosen = [...here, ...others].find((l) => l.loungeId === form.watch('loungeId'));

  if (noAccess)
    return (
      <ConfirmDialog
        title={t('lounge.no_access_title')}
        yesLabel={t('actions.yes')}
        noLabel={t('actions.no')}
        onNo={() => setNoAccess(false)}
        onYes={async () => {
          await actions.select({ resolutionId: option.id, status: 'None' }, 'resolution_submit');
          onClose();
        }}
      >
        {t('lounge.no_access_body')}
      </ConfirmDialog>
    );
  return (
    <FormDialog
      title={t('lounge.title')}
      lead={t('lounge.lead', { airport: options.flight?.origin ?? '' })}
      form={form}
      submitLabel={t('actions.book')}
      cancelLabel={t('actions.cancel')}
      onCancel={onClose}
      onSubmit={async (values) => {
        // The lead guest first: the passes are made out in that order.
        const leadId = passengers.find(
          (p) => p.name === values.firstName && p.surname === values.surname,
        )?.passengerId;
        const ids = leadId
          ? [leadId, ...values.passengerIds.filter((id) => id !== leadId)]
          : values.passengerIds;
        const done = await actions.select(
          { resolutionId: option.id, ...values, passengerIds: ids },
          'resolution_submit',
          'errors.lounge_confirmation_failed',
        );
        if (done) onClose();
      }}
    >
      <SelectInput
        name="loungeId"
        label={t('lounge.lounge')}
        options={[
          ...here.map((l) => ({ value: l.loungeId, label: l.name })),
          ...others.map((l) => ({
            value: l.loungeId,
            label: `${l.name} (${t('lounge.other_lounges')})`,
          })),
        ]}
      />
      {chosen ? (
        <Alert severity="info" icon={false}>
          <Typography variant="body2">
            {chosen.securityLocation === 'landside' ? t('lounge.landside') : t('lounge.airside')}
            {chosen.terminal ? ` · ${chosen.terminal}` : ''}
          </Typography>
          <Typography variant="body2">
            {t('lounge.hours')}: {chosen.businessHours.split(';').join(' · ')}
          </Typography>
          <Typography variant="body2">
            {t('lounge.directions')}: {written(chosen.directions)}
          </Typography>
        </Alert>
      ) : null}
      <TextInput name="firstName" label={t('lounge.first_name')} autoComplete="given-name" />
      <TextInput name="surname" label={t('lounge.surname')} autoComplete="family-name" />
      {passengers.length > 1 ? (
        <CheckboxListInput
          name="passengerIds"
          label={t('lounge.guests')}
          options={passengers.map((p) => ({
            value: p.passengerId,
            label: `${p.name} ${p.surname}`,
          }))}
        />
      ) : null}
      {config.loungeEntryRestriction ? (
        <Button onClick={() => setNoAccess(true)} sx={{ justifySelf: 'start' }}>
          {t('lounge.no_access')}
        </Button>
      ) : null}
    </FormDialog>
  );
}
