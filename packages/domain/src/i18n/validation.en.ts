/**
 * The `validation` namespace in English: every key the rules emit, plus the form keys
 * spec 1 §5 and spec 2 §5 name (tob, origin, one_passenger…). Interpolation is i18next's.
 */
export default {
  required: 'This field is required.',
  invalid: 'This value is not valid.',
  max_length: 'Use {{max}} characters or fewer.',
  min_characters: 'Enter at least {{min}} characters.',
  invalid_code: 'Enter the 6-digit code.',
  invalid_number: 'Enter a number, for example 1,234.56.',

  email: 'Enter your email address.',
  email_no_spaces: 'The email address cannot contain spaces.',
  inv_email: 'Enter a valid email address.',

  invalid_phone: 'Enter a valid phone number.',
  phone_international:
    'Enter the number in international format, starting with + and the country code.',

  first_name: 'Enter the first name.',
  last_name: 'Enter the last name.',
  alphabetic: 'Use letters, spaces, hyphens and apostrophes only.',

  invalid_date: 'Enter a valid date.',
  disabled_past: 'The date cannot be in the past.',
  disabled_after: 'The date cannot be after {{date}}.',
  disabled_before: 'The date cannot be before {{date}}.',

  passwordv1: 'The password must be at least 8 characters long.',
  passwordv2: 'The password must contain at least one lowercase letter.',
  passwordv3: 'The password must contain at least one number.',
  passwordv4: 'The password must contain at least one uppercase letter.',
  passwordv5: 'The password must contain at least one special character, such as ! @ # $ % & *.',
  passwordv6: 'The password cannot contain spaces.',
  password_match: 'The passwords do not match.',
  confirm_password: 'Confirm your password.',

  flight_number_missing_letter: 'Start the flight number with the airline code, for example AC123.',
  invalid_flight_number: 'Enter a valid flight number, for example AC123.',

  tob: 'Please confirm the terms of business.',
  origin: 'Choose the departure airport.',
  date_for_selected_flight_required: 'Enter a date for each selected flight.',
  one_passenger: 'Select at least one passenger.',
  max_passengers: 'You can select up to {{max}} passengers.',
} satisfies Record<string, string>;
