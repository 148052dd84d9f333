import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { periodKey, type ClaimPeriod } from '@tern/domain/claims/rules';
import type { ItemAlert } from '@tern/domain/claims/schemas';
import { CLAIM_DATASETS } from '@tern/domain/constants';
import { formatMoney } from '@tern/domain/i18n/format';
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/dialog/dialog.tsx';
import { BoundForm } from '../../../../components/form/form.tsx';
import { datasetOf, periodLabel, rowsByPeriod } from '../claim-periods.ts';
import { filled, type DisagreementFormValues } from './disagreement-form.ts';
import { DisputePeriodField } from './dispute-period-field.tsx';

/**
 * The disagreement form (disagreementForm, spec 2 §5): the customer says, period by period,
 * why the offer is wrong — notes, files or both — for at least one period. Sending goes to the
 * confirmation that uploads the files; Back returns to the offer.
 */
export function DisagreementFormDialog({
  claim,
  periods,
  form,
  onSend,
  onBack,
}: {
  claim: ItemAlert;
  periods: readonly ClaimPeriod[];
  form: UseFormReturn<DisagreementFormValues>;
  onSend: (values: DisagreementFormValues) => void;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation('claims');
  const { t: tt } = useTranslation();
  const formId = useId();
  const offer = rowsByPeriod(datasetOf(claim, CLAIM_DATASETS.offer));
  const errors = form.formState.errors.periods;
  const values = useWatch({ control: form.control, name: 'periods' });
  // The form-level error (a key of the default namespace, shared with the API), until a
  // period is filled: a field's own check does not reach an error on the whole list.
  const selection = values.some(filled) ? undefined : (errors?.root?.message ?? errors?.message);

  return (
    <Dialog
      open
      title={t('disagreement.title', { claim: claim.claimNumber })}
      onClose={onBack}
      actions={
        <>
          <Button onClick={onBack}>{t('disagreement.back')}</Button>
          <Button type="submit" form={formId} variant="contained">
            {t('disagreement.send')}
          </Button>
        </>
      }
    >
      <BoundForm id={formId} form={form} onSubmit={onSend}>
        {() => (
          <>
            <Typography>{t('disagreement.lead')}</Typography>
            {selection ? <Alert severity="error">{tt(selection)}</Alert> : null}
            {periods.map((period, index) => {
              const revenue = offer.get(periodKey(period))?.revenue;
              return (
                <DisputePeriodField
                  key={periodKey(period)}
                  index={index}
                  label={periodLabel(period, i18n.language)}
                  offer={
                    revenue === null || revenue === undefined
                      ? '---'
                      : formatMoney(revenue, claim.data.currency, i18n.language)
                  }
                />
              );
            })}
          </>
        )}
      </BoundForm>
    </Dialog>
  );
}
