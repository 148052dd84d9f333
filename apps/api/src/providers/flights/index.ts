import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { aeroDataBoxFlights } from './aerodatabox/index.ts';
import type { FlightsPort } from './port.ts';
import { simulatedFlights } from './simulator/index.ts';

/**
 * The flight data provider the configuration names: AeroDataBox with
 * `FLIGHTS_PROVIDER=aerodatabox`, else the embedded simulator (the default).
 */
export function flightsProvider(
  config: Pick<
    Config,
    'FLIGHTS_PROVIDER' | 'AERODATABOX_URL' | 'AERODATABOX_API_KEY' | 'FLIGHT_SIM_DISRUPTION_RATE'
  >,
  deps: { db: Db; clock: Clock },
): FlightsPort {
  const { db, clock } = deps;
  // config.ts refuses FLIGHTS_PROVIDER=aerodatabox without AERODATABOX_API_KEY.
  if (config.FLIGHTS_PROVIDER === 'aerodatabox' && config.AERODATABOX_API_KEY)
    return aeroDataBoxFlights({
      baseUrl: config.AERODATABOX_URL,
      apiKey: config.AERODATABOX_API_KEY,
      clock,
    });
  return simulatedFlights({ db, clock, disruptionRate: config.FLIGHT_SIM_DISRUPTION_RATE });
}
