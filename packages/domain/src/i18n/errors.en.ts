/**
 * The `errors` namespace in English: one text per catalogue code (key = code lower-case),
 * plus the messages spec 1 §8 and spec 2 §8 name outside the catalogue. A toast shows
 * `errors.{code}` followed by `errors.error`, so code texts are one complete sentence.
 */
export default {
  // Appended to every error toast.
  error: 'If the problem persists, please contact support.',
  unknown_error: 'Something went wrong.',
  invalid_response: 'The server sent a response we could not read.',
  no_results: 'No results match your search.',
  validating_flight: 'We could not validate this flight.',
  lounge_confirmation_failed: 'We could not confirm your lounge access.',
  payout_request_failed: 'We could not send your payout request.',
  invalid_date_time: 'The date or time is not valid.',

  // 400
  invalid_params: 'Some of the information is not valid.',
  validation_failed: 'Some of the information is not valid.',
  missing_params: 'Some required information is missing.',
  malformed_json: 'The request could not be read.',
  unsupported_media_type: 'This type of content is not supported.',
  payload_too_large: 'The request is too large.',
  payout_method_in_use: 'This payout method is in use and cannot be removed.',
  payout_service_not_configured: 'Payouts are not set up for your account yet.',
  invalid_mfa_code: 'The verification code is not valid.',
  policy_too_many_uses: 'This policy number has already been used the maximum number of times.',
  expired_or_inactive: 'This policy has expired or is not active.',
  missing_config: 'A required setting is missing.',
  no_passenger: 'Please select at least one passenger.',
  missing_phone: 'Please add a mobile phone number.',
  phone_not_international:
    'Please enter the mobile number in international format, starting with +.',
  invalid_password: 'The password is not valid.',
  invalid_roles: 'The roles are not valid.',
  proposition_invalid: 'This product offer is not valid.',
  invalid_products: 'The selected products are not valid.',
  invalid_code: 'The code is not valid.',
  too_many_attempts: 'Too many attempts. Please wait a moment and try again.',
  expired_code: 'The code has expired. Please request a new one.',
  session_invalid_code: 'The code is not valid for this session.',
  invalid_entitlement: 'You are not entitled to this service.',
  policy_not_found_for_user: 'We could not find this policy on your account.',

  // 401
  mfa_session_expired: 'Your verification session has expired. Please sign in again.',
  unauthorised: 'Please sign in to continue.',
  api_key_invalid: 'This application is not authorised to use the service.',
  incorrect_credentials: 'The email address or password is incorrect.',
  access_denied: 'Access denied.',
  requires_elevated_role: 'You do not have permission to do this.',

  // 403
  account_holder_only: 'Only the account holder can do this.',
  flight_not_permitted: 'This flight cannot be covered.',
  bag_resolution_pending: 'A resolution for this bag is already in progress.',
  origin_not_allowed: 'This site is not allowed to use the service.',

  // 404
  route_not_found: 'The page or service you requested does not exist.',
  trip_not_found: 'We could not find this trip.',
  passenger_not_found: 'We could not find this passenger.',
  flight_not_found: 'We could not find this flight.',
  alert_not_found: 'We could not find this alert.',
  resolution_not_found: 'We could not find this resolution.',
  booking_not_found: 'We could not find this booking.',
  lounge_not_found: 'We could not find this lounge.',
  payout_not_found: 'We could not find this payout.',
  link_not_found: 'We could not find this invitation link.',
  user_not_found: 'We could not find this user.',
  account_not_found: 'We could not find this account.',
  partner_not_found: 'We could not find this partner.',
  theme_not_found: 'We could not find this theme.',
  product_not_found: 'We could not find this product.',
  code_not_found: 'We could not find this code.',
  payment_method_not_found: 'We could not find this payment method.',
  proposition_not_found: 'We could not find this product offer.',
  policy_not_found: 'We could not find this policy number.',
  bag_not_found: 'We could not find this bag.',
  document_not_found: 'We could not find this document.',
  bundle_not_found: 'We could not find this help content.',
  session_not_found: 'Your session has ended. Please sign in again.',
  flight_schedule_not_found:
    'We could not find this flight in the schedule. Please enter its details yourself.',

  // 409
  link_already_used: 'This invitation link has already been used.',
  duplicate_flight: 'This flight has already been added.',
  flight_already_booked: 'This flight is already covered.',
  flight_alerted_or_departed: 'This flight has already departed or has an alert.',
  account_creation_failed: 'We could not create your account.',
  email_already_used: 'This email address is already registered.',
  subscription_full: 'You have reached the maximum number of items for this type.',
  flight_out_of_date_range: 'The flight date is outside the dates your policy covers.',
  duplicate_entry: 'This entry already exists.',
  no_lounges_available: 'No lounges are available.',
  no_hotels_available: 'No hotels are available.',
  max_trips_exceeded: 'You have reached the maximum number of trips.',
  invalid_flight_number: 'The flight number is not valid.',
  invalid_date: 'The date or time is not valid.',
  flight_too_soon: 'This flight departs too soon to be covered.',
  no_default_passenger: 'No main passenger is set for your account.',
  no_alternate_flights: 'No alternative flights are available.',
  no_trips_for_flight: 'No trips include this flight.',
  already_exists: 'This already exists.',
  invalid_resolution_type: 'This type of resolution is not available.',
  no_flight_for_date: 'There is no such flight on this date.',
  invalid_passenger: 'This passenger is not valid.',
  duplicate_passenger: 'This passenger has already been added.',
  claims_exceeded: 'The maximum number of claims has been reached.',
  terms_outdated:
    'The terms have changed since you opened them. Read the new version to accept it.',

  // 422
  payment_fields_invalid: 'Some payment details are not valid.',

  // 429
  rate_limited: 'Too many requests. Please wait a moment and try again.',

  // 5xx
  authorization_failed: 'The authorisation could not be completed.',
  payout_service_error: 'The payout service is not responding.',
  no_resolution_handler: 'This resolution cannot be processed.',
  config_error: 'A configuration error occurred.',
  vendor_error: 'A partner service is not responding.',
  internal_error: 'An unexpected error occurred.',
  service_unavailable: 'The service is temporarily unavailable. Please try again later.',
} satisfies Record<string, string>;
