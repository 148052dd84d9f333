import { isoLanguageOf } from '@tern/domain/i18n/languages';
import { localeCountry } from '@tern/domain/rules/locale';
import type { RegisterFormValues, RegisterRequest } from '@tern/domain/accounts/schemas';
import { isRecord } from '../../../lib/is-record.ts';
import { storedValue } from '../../../lib/storage.ts';

/** The fields kept in local storage (spec 1 §2). Never the password or its confirmation. */
const PERSISTED_FIELDS = [
  'firstName',
  'surname',
  'emailAddress',
  'mobilePhoneNumber',
  'policyNumber',
] as const;
type PersistedField = (typeof PERSISTED_FIELDS)[number];
export type PersistedRegisterForm = Partial<Record<PersistedField, string>>;

/** Only the persisted fields, whatever else `values` holds. */
export const persistedPart = (values: Partial<Record<string, unknown>>): PersistedRegisterForm =>
  Object.fromEntries(
    PERSISTED_FIELDS.flatMap((field) =>
      typeof values[field] === 'string' ? [[field, values[field]]] : [],
    ),
  );

/** Spec 1 §4 "Persistence": the register form. */
export const registerFormStore = storedValue<PersistedRegisterForm>('register-form', (raw) =>
  isRecord(raw) ? persistedPart(raw) : undefined,
);

export const emptyRegisterForm: RegisterFormValues = {
  firstName: '',
  surname: '',
  emailAddress: '',
  mobilePhoneNumber: '',
  policyNumber: '',
  password: '',
  passwordConfirm: '',
};

/**
 * The register call's payload (spec 1 §7): the locale is the current language with the
 * partner's default country, SMS messages are on, the confirmation is not sent, and an empty
 * optional policy number is left out.
 */
export function toRegisterRequest(
  values: RegisterFormValues,
  { language, defaultLocale }: { language: string; defaultLocale: string },
): RegisterRequest {
  const policyNumber = values.policyNumber.trim();
  return {
    firstName: values.firstName.trim(),
    surname: values.surname.trim(),
    emailAddress: values.emailAddress,
    mobilePhoneNumber: values.mobilePhoneNumber,
    ...(policyNumber ? { policyNumber } : {}),
    password: values.password,
    locale: signUpLocale(language, defaultLocale),
    commsSms: true,
  };
}

/** A new account's locale (register, enrolment): the page's language, the partner's country. */
export const signUpLocale = (language: string, defaultLocale: string): string =>
  `${isoLanguageOf(language)}-${localeCountry(defaultLocale).toUpperCase()}`;
