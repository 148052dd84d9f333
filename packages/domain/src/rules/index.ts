/**
 * Validation rules shared by forms and API (DESIGN "One source of truth"). Each rule answers
 * with keys of the `validation` translation namespace; `ruleValidationKeys` lists them all
 * so the i18n test can prove every key has a text.
 */
import { currencyValidationKeys } from './currency.ts';
import { dateValidationKeys } from './date.ts';
import { emailValidationKeys } from './email.ts';
import { flightNumberValidationKeys } from './flight-number.ts';
import { namesValidationKeys } from './names.ts';
import { originValidationKeys } from './origin.ts';
import { passwordValidationKeys } from './password.ts';
import { phoneValidationKeys } from './phone.ts';
import { textValidationKeys } from './text.ts';

export * from './message.ts';
export * from './email.ts';
export * from './locale.ts';
export * from './phone.ts';
export * from './text.ts';
export * from './date.ts';
export * from './local-time.ts';
export * from './currency.ts';
export * from './minor-units.ts';
export * from './password.ts';
export * from './names.ts';
export * from './flight-number.ts';
export * from './origin.ts';

export const ruleValidationKeys: readonly string[] = [
  ...new Set([
    ...emailValidationKeys,
    ...originValidationKeys,
    ...phoneValidationKeys,
    ...textValidationKeys,
    ...dateValidationKeys,
    ...currencyValidationKeys,
    ...passwordValidationKeys,
    ...namesValidationKeys,
    ...flightNumberValidationKeys,
  ]),
];
