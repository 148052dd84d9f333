import { travelContracts } from '@tern/domain/travel/contracts';
import { passengerFormSchema } from '@tern/domain/travel/requests';
import type { Passenger } from '@tern/domain/travel/schemas';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { MobileInput } from '../../components/inputs/mobile-input.tsx';
import { TextInput } from '../../components/inputs/text-input.tsx';
import { useToast } from '../../components/toasts/use-toast.ts';
import { useAppServices } from '../../core/app-services.ts';
import { useRefreshDataset } from '../../core/data/use-dataset.ts';
import { useCountryNames } from '../content/index.ts';
import { passengersDataset } from './datasets.ts';

/**
 * Add passenger, or edit one (spec 2 §2.4, §5 "Add passenger"): first name and last name in
 * letters (accents, hyphen, apostrophe, space), a mobile number of at least 7 digits in
 * international form. `passenger_added` / `passenger_edit`.
 */
export function PassengerDialog({
  passenger,
  onClose,
}: {
  passenger?: Passenger;
  onClose: () => void;
}) {
  const { t } = useTranslation('travel');
  const { api, themeConfig } = useAppServices();
  const refresh = useRefreshDataset(passengersDataset);
  const toast = useToast();
  const countryNames = useCountryNames();
  const form = useZodForm(passengerFormSchema, {
    name: passenger?.name ?? '',
    surname: passenger?.surname ?? '',
    mobilePhoneNumber: passenger?.mobilePhoneNumber ?? '',
  });
  const country = themeConfig.config.defaultLocale.split('-')[1] ?? 'CA';
  return (
    <FormDialog
      title={passenger ? t('passengers.edit_title') : t('passengers.add_title')}
      lead={t('passengers.form_lead')}
      form={form}
      submitLabel={passenger ? t('passengers.save') : t('passengers.add')}
      cancelLabel={t('passengers.cancel')}
      onCancel={onClose}
      onSubmit={async (values) => {
        if (passenger)
          await api.call(travelContracts.updatePassenger, {
            params: { passengerId: passenger.passengerId },
            body: values,
          });
        else await api.call(travelContracts.addPassenger, { body: values });
        await refresh();
        toast.showMessage(
          t(passenger ? 'notifications.passenger_edit' : 'notifications.passenger_added'),
          'success',
        );
        onClose();
      }}
    >
      <TextInput name="name" label={t('passengers.name')} required />
      <TextInput name="surname" label={t('passengers.surname')} required />
      <MobileInput
        name="mobilePhoneNumber"
        label={t('passengers.mobile')}
        required
        defaultCountry={country}
        countryNames={countryNames}
      />
    </FormDialog>
  );
}
