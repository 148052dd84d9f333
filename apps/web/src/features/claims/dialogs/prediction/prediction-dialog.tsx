import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { claimsContracts } from '@tern/domain/claims/contracts';
import { periodKey } from '@tern/domain/claims/rules';
import type { ItemAlert } from '@tern/domain/claims/schemas';
import { CLAIM_DATASETS } from '@tern/domain/constants';
import { errorKey } from '@tern/domain/error-key';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Dialog } from '../../../../components/dialog/dialog.tsx';
import { BoundForm } from '../../../../components/form/form.tsx';
import { useZodForm } from '../../../../components/form/use-zod-form.ts';
import { useAppServices } from '../../../../core/app-services.ts';
import { useErrorHandler } from '../../../../core/errors/error-handler-context.ts';
import { ApiRequestError } from '../../../../lib/api-request-error.ts';
import { claimPeriods, datasetOf, periodLabel } from '../claim-periods.ts';
import { FiguresTable } from '../figures-table.tsx';
import { GRANT_BANKING_PATH } from '../claim-paths.ts';
import { useRefreshClaims } from '../use-refresh-claims.ts';
import { AmountField } from './amount-field.tsx';
import { useBasisText } from './basis-text.ts';
import {
  fieldOfApiPath,
  predictionDefaults,
  predictionFormSchema,
  predictionPatch,
  predictionPeriods,
  type PredictionFormValues,
} from './prediction-form.ts';

const STEPS = ['input', 'confirm', 'thanks'] as const;

/** The period fields an API refusal names (`data.2.revenue`), with their messages. */
function periodErrors(error: unknown) {
  if (!(error instanceof ApiRequestError)) return [];
  const named = [...(error.details ?? [])];
  if (error.field && error.code && !named.some((d) => d.field === error.field))
    named.push({ field: error.field, message: errorKey(error.code) });
  return named.flatMap(({ field, message }) => {
    const path = fieldOfApiPath(field);
    return path ? [{ field: path, message }] : [];
  });
}

/**
 * The revenue prediction (spec 2 §4.9, §5): 1 a figure for each period of the claim — what
 * the business would have earned without the event — prefilled from the bank history with
 * how it was worked out; 2 the figures to confirm, Back allowed; 3 thanks once saved. Saving
 * submits the prediction (USER-REVENUE-PREDICTION, completed) for the insurer's offer. A
 * figure the API refuses brings step 1 back with the message on its field.
 */
export default function PredictionDialog({
  claim,
  onClose,
}: {
  claim: ItemAlert;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('claims');
  const { api } = useAppServices();
  const handleError = useErrorHandler();
  const refresh = useRefreshClaims();
  const basisText = useBasisText(claim.data.currency);
  const formId = useId();
  const currency = claim.data.currency;
  const dataset = datasetOf(claim, CLAIM_DATASETS.prediction);
  // The periods and their starting figures are the claim's as the dialog opened: a refresh of
  // the claim while the customer types must not change the form under them.
  const [periods] = useState(() => predictionPeriods(claim, claimPeriods(claim)));
  const schema = useMemo(() => predictionFormSchema(currency), [currency]);
  const form = useZodForm(schema, predictionDefaults(periods, currency, i18n.language));
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const prefilled = periods.some((p) => p.basis !== undefined);
  const name = STEPS[step]!;

  const confirm = async () => {
    if (!dataset) return;
    setSaving(true);
    try {
      await api.call(claimsContracts.updateDataset, {
        params: { itemId: claim.itemId, alertId: claim.alertId, datasetId: dataset.datasetId },
        body: predictionPatch(periods, form.getValues(), currency),
      });
      setStep(2);
      await refresh();
    } catch (error) {
      const named = periodErrors(error);
      if (named.length === 0) return void (await handleError(error));
      setStep(0);
      for (const { field, message } of named)
        form.setError(field, { type: 'server', message }, { shouldFocus: true });
    } finally {
      setSaving(false);
    }
  };

  const figures = () => {
    const { data } = predictionPatch(periods, form.getValues(), currency);
    return periods.map(({ period }, index) => ({
      key: periodKey(period),
      label: periodLabel(period, i18n.language),
      values: [data[index]!.revenue],
    }));
  };

  return (
    <Dialog
      open
      title={t('prediction.title', { claim: claim.claimNumber })}
      {...(saving ? {} : { onClose })}
      actions={
        name === 'input' ? (
          <>
            <Button onClick={onClose}>{t('prediction.cancel')}</Button>
            {dataset ? (
              <Button type="submit" form={formId} variant="contained">
                {t('prediction.next')}
              </Button>
            ) : null}
          </>
        ) : name === 'confirm' ? (
          <>
            <Button onClick={() => setStep(0)} disabled={saving}>
              {t('prediction.back')}
            </Button>
            <Button variant="contained" loading={saving} onClick={() => void confirm()}>
              {t('prediction.confirm')}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={onClose}>
            {t('prediction.close')}
          </Button>
        )
      }
    >
      <Typography variant="subtitle1" component="h3" sx={{ mb: 2 }} aria-live="polite">
        {t('prediction.step', { step: step + 1, total: STEPS.length })} ·{' '}
        {t(`prediction.steps.${name}`)}
      </Typography>
      {!dataset ? (
        <Typography>{t('prediction.not_ready')}</Typography>
      ) : name === 'input' ? (
        <BoundForm id={formId} form={form} onSubmit={() => setStep(1)}>
          {() => (
            <>
              <Typography>{t('prediction.lead')}</Typography>
              {prefilled ? (
                <Alert severity="info">{t('prediction.prefilled')}</Alert>
              ) : (
                <Alert severity="info">
                  {t('prediction.connect_hint')}{' '}
                  <Link component={RouterLink} to={GRANT_BANKING_PATH}>
                    {t('prediction.connect_link')}
                  </Link>
                </Alert>
              )}
              {periods.map(({ period, basis }, index) => (
                <AmountField<PredictionFormValues>
                  key={periodKey(period)}
                  name={`periods.${index}.amount`}
                  label={periodLabel(period, i18n.language)}
                  currency={currency}
                  helperText={basis ? basisText(basis, period) : undefined}
                />
              ))}
            </>
          )}
        </BoundForm>
      ) : name === 'confirm' ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography>{t('prediction.confirm_lead')}</Typography>
          <FiguresTable
            label={t('prediction.table')}
            periodHeader={t('prediction.period')}
            headers={[t('prediction.revenue')]}
            rows={figures()}
            currency={currency}
            totalLabel={t('prediction.total')}
          />
        </Box>
      ) : (
        <Typography>{t('prediction.thanks')}</Typography>
      )}
    </Dialog>
  );
}
