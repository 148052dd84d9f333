import Alert from '@mui/material/Alert';
import { travelContracts } from '@tern/domain/travel/contracts';
import { flightAlertFormSchema } from '@tern/domain/travel/requests';
import { earliestDelayedDeparture } from '@tern/domain/travel/rules';
import type { Flight } from '@tern/domain/travel/schemas';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog.tsx';
import { Dialog } from '../../components/dialog/dialog.tsx';
import { FormDialog } from '../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { DateTimeInput } from '../../components/inputs/date-time-input.tsx';
import { RadioGroupInput } from '../../components/inputs/radio-group-input.tsx';
import { useToast } from '../../components/toasts/use-toast.ts';
import { useAppServices } from '../../core/app-services.ts';
import { useDatasetContext } from '../../core/data/use-dataset.ts';

/**
 * Notify disruption (spec 2 §2.4, §4.5): on time (not once alerted) just closes; cancelled asks
 * yes / no first; delayed is sent with its new departure. Nothing is chosen beforehand: one
 * click must not record a disruption, nor a departure time, the customer did not give. A
 * failure closes the confirmation quietly. `onSent` starts the row's spinner and the list's
 * refresh 8 s later.
 */
export function NotifyDisruptionDialog({
  tripId,
  flight,
  onClose,
  onSent,
}: {
  tripId: string;
  flight: Flight;
  onClose: () => void;
  onSent: (flightId: string) => void;
}) {
  const { t } = useTranslation('travel');
  const { api } = useAppServices();
  const { userId } = useDatasetContext();
  const toast = useToast();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const earliest = earliestDelayedDeparture(flight);
  const schema = useMemo(() => flightAlertFormSchema(flight), [flight]);
  const form = useZodForm(schema, { delayDate: '' });
  const alertType = form.watch('alertType');

  const send = async (body: { alertType: 'DELAY' | 'CANCELLATION'; delayDate?: string }) => {
    await api.call(travelContracts.alert, {
      params: { tripId, flightId: flight.flightId },
      body,
    });
    // And ask for a fresh look where the provider follows the flight.
    await api
      .call(travelContracts.notifyAlert, {
        body: {
          userId,
          flightNumber: flight.flightNumber,
          embarkDate: flight.embarkDate,
          origin: flight.origin,
        },
      })
      .catch(() => undefined);
    toast.showMessage(t('notifications.alert_sent'), 'success');
    onSent(flight.flightId);
    onClose();
  };

  if (flight.cancelled)
    return (
      <Dialog open title={t('notify.title', { flight: flight.flightNumber })} onClose={onClose}>
        <Alert severity="info">{t('notify.cancelled_flight')}</Alert>
      </Dialog>
    );
  if (confirmCancel)
    return (
      <ConfirmDialog
        title={t('notify.cancel_title', { flight: flight.flightNumber })}
        yesLabel={t('notify.yes')}
        noLabel={t('notify.no')}
        onNo={() => setConfirmCancel(false)}
        // A failed notice closes the confirmation quietly (spec 2 §4.5).
        onYes={() => send({ alertType: 'CANCELLATION' }).catch(() => onClose())}
      >
        {t('notify.cancel_body')}
      </ConfirmDialog>
    );
  return (
    <FormDialog
      title={t('notify.title', { flight: flight.flightNumber })}
      lead={t('notify.lead')}
      form={form}
      submitLabel={t('notify.send')}
      cancelLabel={t('notify.close')}
      onCancel={onClose}
      onSubmit={async (values) => {
        if (values.alertType === 'ONTIME') return onClose();
        if (values.alertType === 'CANCELLATION') return setConfirmCancel(true);
        await send(values as { alertType: 'DELAY'; delayDate: string });
      }}
    >
      <RadioGroupInput
        name="alertType"
        label={t('notify.state')}
        required
        options={[
          ...(flight.alerted ? [] : [{ value: 'ONTIME', label: t('notify.on_time') }]),
          { value: 'CANCELLATION', label: t('notify.cancelled') },
          { value: 'DELAY', label: t('notify.delayed') },
        ]}
      />
      {alertType === 'DELAY' ? (
        <DateTimeInput name="delayDate" label={t('notify.new_departure')} min={earliest} required />
      ) : null}
    </FormDialog>
  );
}
