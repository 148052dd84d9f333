import {
  AppError,
  checkDateTime,
  instantOf,
  parseWallClock,
  pirParts,
  wallClockAt,
} from '@tern/domain';
import { airportByIata } from '@tern/domain/reference/airports';

/** A refusal of one field, as the schema's refusals read (the form shows the same text). */
const refused = (field: string, key: string, message: string) =>
  new AppError('INVALID_PARAMS', { message, field, details: [{ field, message: key }] });

/** The station that opened a file: the PIR's first three letters, a known airport. */
export function stationOf(pir: string) {
  const { station, airline } = pirParts(pir);
  const airport = airportByIata.get(station);
  if (!airport)
    throw refused('pir', 'validation.unknown_station', `No airport ${station} opens files`);
  return { station, airline, timeZone: airport.timeZone };
}

/**
 * When the bag was reported (spec 2 §5: YYYY-MM-DD HH:mm with its UTC version): a time on the
 * station's clock, not before the flight left, not later than now there.
 */
export function reportTime(
  reportedOnLocal: string,
  timeZone: string,
  bounds: { departureUtc: Date; now: Date },
): { reportedOn: Date; reportedOnLocal: string } {
  const problem = checkDateTime(reportedOnLocal, {
    required: true,
    min: wallClockAt(bounds.departureUtc, timeZone),
    max: wallClockAt(bounds.now, timeZone),
  });
  const instant = problem ? null : instantOf(reportedOnLocal, timeZone);
  if (!instant)
    throw refused(
      'reportedOnLocal',
      problem?.key ?? 'validation.invalid_date',
      'The report time is not between the departure and now',
    );
  return {
    reportedOn: new Date(instant.getTime()),
    reportedOnLocal: parseWallClock(reportedOnLocal)!.replace('T', ' '),
  };
}
