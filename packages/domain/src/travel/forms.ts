import { z } from 'zod';
import { FLIGHT_DIRECTIONS, POLICY_NUMBER_MAX, TRIP_TYPES } from '../constants.ts';
import { addRuleIssue } from '../rules/message.ts';
import { flightNumberSchema } from '../rules/flight-number.ts';
import { textSchema } from '../rules/text.ts';
import { checkEmbarkDate, checkEmbarkDateTime } from './rules.ts';

/**
 * The Blink it wizards' forms (spec 2 §3 "Wizard form values", §4.1–4.3, §5 "Flight number",
 * "Other wizard fields"). The API checks what they send with the request schemas.
 */

/** Add insurance, step 1: the policy (when the partner sells flight cover on one) and trip type. */
export const insuranceStartFormSchema = (policyRequired: boolean) =>
  z.object({
    policyNumber: policyRequired
      ? textSchema({ max: POLICY_NUMBER_MAX })
      : textSchema({ max: POLICY_NUMBER_MAX, required: false }),
    tripType: z.enum(TRIP_TYPES),
  });
export type InsuranceStartFormValues = z.input<ReturnType<typeof insuranceStartFormSchema>>;

/** A departure date or date-time not yet past anywhere, by the browser's clock. */
const departureSchema = (check: typeof checkEmbarkDate) =>
  z
    .string({ error: 'validation.required' })
    .superRefine((value, ctx) => addRuleIssue(ctx, check(value, new Date())));

/** Flight wizard, page 1: number, date and direction (the number upper-cased on submit). */
export const flightLookupFormSchema = z.object({
  flightNumber: flightNumberSchema,
  embarkDate: departureSchema(checkEmbarkDate),
  flightDirection: z.enum(FLIGHT_DIRECTIONS),
});
export type FlightLookupFormValues = z.input<typeof flightLookupFormSchema>;

/** Flight wizard, page 2: a flight the schedule does not know, by departure and airport. */
export const manualFlightFormSchema = z.object({
  embarkDateTime: departureSchema(checkEmbarkDateTime),
  origin: z.string({ error: 'validation.origin' }).min(1, { error: 'validation.origin' }),
});
export type ManualFlightFormValues = z.input<typeof manualFlightFormSchema>;

/**
 * Flight wizard, page 3: which of the candidates apply, each with its date: at least one
 * ticked (blink_it.one_flight), and a ticked one needs its date.
 */
export const pickFlightsFormSchema = z
  .object({ isSelected: z.array(z.boolean()), depDate: z.array(z.string()) })
  .superRefine((value, ctx) => {
    if (!value.isSelected.some(Boolean))
      ctx.addIssue({ code: 'custom', path: ['isSelected'], message: 'validation.one_flight' });
    value.isSelected.forEach((selected, index) => {
      if (selected && !value.depDate[index]?.trim())
        ctx.addIssue({
          code: 'custom',
          path: ['depDate', index],
          message: 'validation.date_for_selected_flight_required',
        });
    });
  });
export type PickFlightsFormValues = z.input<typeof pickFlightsFormSchema>;

/** Complete trip, confirm page: the terms of business accepted, a booking reference if any. */
export const confirmTripFormSchema = z.object({
  confirmTermsOfBusiness: z.literal(true, { error: 'validation.tob' }),
  bookingRef: textSchema({ max: POLICY_NUMBER_MAX, required: false }),
});
export type ConfirmTripFormValues = z.input<typeof confirmTripFormSchema>;
