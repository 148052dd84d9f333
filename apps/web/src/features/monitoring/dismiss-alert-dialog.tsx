import { ALERT_NOTE_MAX } from '@tern/domain/constants';
import { monitoringContracts } from '@tern/domain/monitoring/contracts';
import {
  ALERT_DISMISSAL_REASONS,
  alertDismissalSchema,
  type MonitoringAlert,
} from '@tern/domain/monitoring/schemas';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { RadioGroupInput } from '../../components/inputs/radio-group-input.tsx';
import { TextInput } from '../../components/inputs/text-input.tsx';
import { useToast } from '../../components/toasts/use-toast.ts';
import { useDatasetContext } from '../../core/data/use-dataset.ts';

type Input = z.input<typeof alertDismissalSchema>;
type Output = z.output<typeof alertDismissalSchema>;

/**
 * "This isn't me" (issue 29): the subscriber says the data found is not theirs, why (one of
 * ALERT_DISMISSAL_REASONS) and, if they like, a note; the alert closes with that reason
 * (`PATCH …/alerts/{alertId}`).
 */
export function DismissAlertDialog({
  alert,
  onClose,
  onDismissed,
}: {
  alert: MonitoringAlert;
  onClose: () => void;
  onDismissed: (alert: MonitoringAlert) => void;
}) {
  const { t } = useTranslation('monitoring');
  const { api, userId } = useDatasetContext();
  const toast = useToast();
  const form = useZodForm<Input, Output>(alertDismissalSchema, { note: '' });
  return (
    <FormDialog<Input>
      title={t('dismiss.title')}
      lead={t('dismiss.lead', { title: alert.breach.title })}
      form={form}
      submitLabel={t('dismiss.submit')}
      cancelLabel={t('dismiss.cancel')}
      onCancel={onClose}
      // The values as the schema gives them (the note trimmed).
      onSubmit={async ({ reason, note }) => {
        const closed = await api.call(monitoringContracts.updateAlert, {
          params: { userId, alertId: alert.alertId },
          body: {
            completed: true,
            completedOn: new Date().toISOString(),
            dismissal: { reason, ...(note ? { note } : {}) },
          },
        });
        onDismissed(closed);
        toast.showMessage(t('notifications.alert_dismissed'), 'success');
        onClose();
      }}
    >
      <RadioGroupInput
        control={form.control}
        name="reason"
        label={t('dismiss.reason')}
        required
        options={ALERT_DISMISSAL_REASONS.map((reason) => ({
          value: reason,
          label: t(`dismiss.reasons.${reason}`),
        }))}
      />
      <TextInput
        control={form.control}
        name="note"
        label={t('dismiss.note')}
        helperText={t('dismiss.note_hint', { max: ALERT_NOTE_MAX })}
        maxLength={ALERT_NOTE_MAX}
        multiline
        rows={3}
      />
    </FormDialog>
  );
}
