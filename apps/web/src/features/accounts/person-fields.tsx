import Box from '@mui/material/Box';
import { localeCountry } from '@tern/domain/rules/locale';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MobileInput, type MobileInputProps } from '../../components/inputs/mobile-input.tsx';
import { TextInput } from '../../components/inputs/text-input.tsx';
import { useAppServices } from '../../core/app-services.ts';
import { useCountryNames } from '../content/index.ts';

/** A form holding a person's first name and surname (register, my details). */
type Named = { firstName: string; surname: string };

/** First name and surname, side by side from a small tablet up. */
export function NameFields<T extends FieldValues & Named>({
  control,
  disabled = () => false,
}: {
  control: Control<T>;
  /** Whether the login role may not write a field (spec 1 §5 "Write access"). */
  disabled?: (field: keyof Named) => boolean;
}) {
  const { t } = useTranslation('accounts');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
      <TextInput
        control={control}
        name={'firstName' as Path<T>}
        label={t('register.first_name')}
        autoComplete="given-name"
        required
        disabled={disabled('firstName')}
      />
      <TextInput
        control={control}
        name={'surname' as Path<T>}
        label={t('register.surname')}
        autoComplete="family-name"
        required
        disabled={disabled('surname')}
      />
    </Box>
  );
}

/**
 * A phone number input that starts on the country of the partner's default locale, its
 * countries named in the page's language (the countries reference document).
 */
export function PartnerMobileInput<T extends FieldValues>(
  props: Omit<MobileInputProps<T>, 'defaultCountry' | 'countryNames'>,
) {
  const { defaultLocale } = useAppServices().themeConfig.config;
  const countryNames = useCountryNames();
  return (
    <MobileInput
      {...props}
      defaultCountry={localeCountry(defaultLocale)}
      countryNames={countryNames}
    />
  );
}
