import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { travelContracts } from '@tern/domain/travel/contracts';
import { tripPatchSchema } from '@tern/domain/travel/requests';
import { passengerCountProblem } from '@tern/domain/travel/rules';
import type { Trip } from '@tern/domain/travel/schemas';
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog.tsx';
import { Dialog } from '../../components/dialog/dialog.tsx';
import { FormDialog } from '../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { CheckboxListInput } from '../../components/inputs/checkbox-list-input.tsx';
import { SelectInput } from '../../components/inputs/select-input.tsx';
import { useToast } from '../../components/toasts/use-toast.ts';
import { useAppServices } from '../../core/app-services.ts';
import { useDataset, useRefreshDataset } from '../../core/data/use-dataset.ts';
import { useAccount } from '../../core/session/account.ts';
import { formatDate } from '@tern/domain/i18n/format';
import { policiesDataset } from '../policies/datasets.ts';
import { passengersDataset, tripsDataset } from './datasets.ts';
import { shownFlights } from './trip-card.tsx';

const fullName = (p: { name: string; surname: string }) => `${p.name} ${p.surname}`;

/** Flight details (spec 2 §2.4): policy number, the active flights and the passengers. */
export function FlightDetailsDialog({ trip, onClose }: { trip: Trip; onClose: () => void }) {
  const { t } = useTranslation('travel');
  return (
    <Dialog open title={t('details.title')} onClose={onClose} maxWidth="md">
      <Typography sx={{ mb: 2 }}>
        {t('details.policy', { number: trip.policyNumber ?? '---' })}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('details.flights')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('details.flight')}</TableCell>
              <TableCell>{t('details.terminal')}</TableCell>
              <TableCell>{t('details.origin')}</TableCell>
              <TableCell>{t('details.destination')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {trip.flights
              .filter((f) => f.active)
              .map((f) => (
                <TableRow key={f.flightId}>
                  <TableCell>
                    {f.flightNumber} ({t(`directions.${f.direction}`)})
                  </TableCell>
                  <TableCell>{f.terminal ?? '---'}</TableCell>
                  <TableCell>{f.originAirport ?? f.origin}</TableCell>
                  <TableCell>{f.destinationAirport ?? f.destination ?? '---'}</TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {t('details.passengers')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {trip.passengers.map((p) => (
          <li key={p.passengerId}>{fullName(p)}</li>
        ))}
      </Box>
    </Dialog>
  );
}

/**
 * Cancel insurance (spec 2 §2.4): the flights it covers and how to reach the customer, a
 * Confirm button, then a yes / no question before the cover ends (`insurance_cancel`).
 */
export function CancelTripDialog({ trip, onClose }: { trip: Trip; onClose: () => void }) {
  const { t, i18n } = useTranslation('travel');
  const { api } = useAppServices();
  const account = useAccount();
  const refresh = useRefreshDataset(tripsDataset);
  const toast = useToast();
  const [sure, setSure] = useState(false);
  if (sure)
    return (
      <ConfirmDialog
        title={t('cancel.sure_title')}
        yesLabel={t('cancel.yes')}
        noLabel={t('cancel.no')}
        onNo={onClose}
        onYes={async () => {
          await api.call(travelContracts.cancelTrip, { params: { tripId: trip.tripId } });
          await refresh();
          toast.showMessage(t('notifications.insurance_cancel'), 'success');
          onClose();
        }}
      >
        {t('cancel.sure_body')}
      </ConfirmDialog>
    );
  // Only the ways we know to reach the customer are named: never a placeholder for one missing.
  const phone = account?.mobilePhoneNumber || undefined;
  const email = account?.emailAddress || undefined;
  const contactKey =
    phone && email
      ? 'cancel.contact'
      : phone
        ? 'cancel.contact_phone'
        : email
          ? 'cancel.contact_email'
          : undefined;
  const contact = contactKey ? t(contactKey, { phone, email }) : undefined;
  return (
    <Dialog
      open
      title={t('cancel.title')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('cancel.keep')}</Button>
          <Button variant="contained" color="error" onClick={() => setSure(true)}>
            {t('cancel.confirm')}
          </Button>
        </>
      }
    >
      <Typography sx={{ mb: 1 }}>{t('cancel.lead')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, mb: 2 }}>
        {shownFlights(trip)
          .filter((f) => f.active)
          .map((f) => (
            <li key={f.flightId}>
              {t('cancel.flight', {
                flight: f.flightNumber,
                date: formatDate(f.embarkDate, i18n.language),
                time: f.embarkTime,
              })}
            </li>
          ))}
      </Box>
      {contact ? (
        <Typography variant="body2" color="text.secondary">
          {contact}
        </Typography>
      ) : null}
    </Dialog>
  );
}

/**
 * Edit trip (spec 2 §2.4, §5 "Passengers"): who travels, at least one, for a non-employee at
 * most the policy's maxInsured; the primary contact is cleared when no longer among them.
 */
export function EditTripDialog({ trip, onClose }: { trip: Trip; onClose: () => void }) {
  const { t } = useTranslation('travel');
  const { api } = useAppServices();
  const account = useAccount();
  const passengers = useDataset(passengersDataset).data ?? [];
  // POLICIES is loaded for every configuration's summary; read from the cache, not again.
  const policies = useDataset(policiesDataset).data;
  const maxInsured = policies?.find(
    (p) => p.externalPolicyNumber === trip.policyNumber,
  )?.maxInsured;
  const employee = account?.employee === 1;
  const refresh = useRefreshDataset(tripsDataset);
  const toast = useToast();
  const form = useZodForm(
    () =>
      tripPatchSchema.extend({ delegatedPassengerId: z.string() }).superRefine((value, ctx) => {
        const problem = passengerCountProblem({
          selected: value.passengers.length,
          employee,
          limit: maxInsured,
          form: 'edit',
        });
        if (problem && value.passengers.length > 0)
          ctx.addIssue({
            code: 'custom',
            path: ['passengers'],
            message: problem.key,
            params: problem.values,
          });
      }),
    {
      passengers: trip.passengers.map((p) => p.passengerId),
      delegatedPassengerId: trip.delegated_passenger_id ?? '',
    },
  );
  const watched = form.watch('passengers');
  const chosen = useMemo(() => watched ?? [], [watched]);
  const delegated = form.watch('delegatedPassengerId');
  // The primary contact is one of the passengers: unticking them clears it (spec 2 §5).
  useEffect(() => {
    if (delegated && !chosen.includes(delegated)) form.setValue('delegatedPassengerId', '');
  }, [chosen, delegated, form]);
  return (
    <FormDialog
      title={t('edit.title')}
      lead={t('edit.lead')}
      form={form}
      submitLabel={t('edit.save')}
      cancelLabel={t('edit.cancel')}
      onCancel={onClose}
      onSubmit={async (values) => {
        const delegated =
          values.delegatedPassengerId && values.passengers.includes(values.delegatedPassengerId)
            ? values.delegatedPassengerId
            : null;
        await api.call(travelContracts.updateTrip, {
          params: { tripId: trip.tripId },
          body: { passengers: values.passengers, delegatedPassengerId: delegated },
        });
        await refresh();
        toast.showMessage(t('notifications.trip_updated'), 'success');
        onClose();
      }}
    >
      <CheckboxListInput
        name="passengers"
        label={t('edit.passengers')}
        errorValues={{ max: maxInsured }}
        options={passengers.map((p) => ({ value: p.passengerId, label: fullName(p) }))}
      />
      <SelectInput
        name="delegatedPassengerId"
        label={t('edit.primary_contact')}
        options={[
          { value: '', label: t('edit.no_primary_contact') },
          ...passengers
            .filter((p) => chosen.includes(p.passengerId))
            .map((p) => ({ value: p.passengerId, label: fullName(p) })),
        ]}
      />
    </FormDialog>
  );
}
