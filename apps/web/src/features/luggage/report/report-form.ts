import { lostBagRequestSchema } from '@tern/domain/luggage/requests';
import type { Trip } from '@tern/domain/travel/schemas';
import { localTimeWithOffset } from '@tern/domain/rules/local-time';
import type { z } from 'zod';

/**
 * The report wizard's fields: the API's own body (`lostBagRequestSchema`), so the form refuses
 * what the API refuses with the same messages; the trip comes with the flight chosen.
 */
export const reportFormSchema = lostBagRequestSchema.omit({ tripId: true });
export type ReportFormInput = z.input<typeof reportFormSchema>;
export type ReportFormValues = z.output<typeof reportFormSchema>;

/** The wizard's steps and the fields each asks for, in order; the photo is the last step's. */
export const REPORT_STEPS = [
  { name: 'flight', fields: ['flightId', 'pir', 'tagNumber'] },
  { name: 'bag', fields: ['colour', 'type', 'reportedOnLocal'] },
  { name: 'photo', fields: ['airtagUrl'] },
] as const satisfies readonly { name: string; fields: readonly (keyof ReportFormInput)[] }[];

/**
 * The step that asks for a field (an API error naming it sends the customer back there), or
 * -1 for a field no step asks for.
 */
export const stepOf = (field: string | undefined): number =>
  REPORT_STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field ?? ''));

/** Now on this device's clock as the date-time field takes it ('YYYY-MM-DDTHH:mm'). */
export const nowLocal = (now = new Date()): string => localTimeWithOffset(now).slice(0, 16);

export type ReportableFlight = {
  tripId: string;
  flightId: string;
  flightNumber: string;
  embarkDate: string;
  origin: string;
  destination: string | null;
};

/**
 * The flights a bag can be reported for: those of the customer's trips that have left —
 * departed, or leaving today or before on this device's calendar (a flight the watcher has
 * not yet seen leave) — latest first. A bag cannot go missing from a flight still to come.
 */
export function reportableFlights(trips: readonly Trip[], today: string): ReportableFlight[] {
  return trips
    .flatMap((trip) =>
      trip.flights
        .filter((f) => f.active === 1 && (f.departed === 1 || f.embarkDate <= today))
        .map((f) => ({
          tripId: trip.tripId,
          flightId: f.flightId,
          flightNumber: f.flightNumber,
          embarkDate: f.embarkDate,
          origin: f.origin,
          destination: f.destination,
        })),
    )
    .sort((a, b) => b.embarkDate.localeCompare(a.embarkDate));
}
