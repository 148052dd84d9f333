import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { DisruptionPort } from '../port.ts';
import { simulatedHotels } from './hotels.ts';
import { simulatedLounges } from './lounges.ts';
import { simulatedLoyalty } from './loyalty.ts';
import { simulatedRebooking } from './rebooking.ts';

export { HOTEL_DEMO_AIRPORTS } from './hotels.ts';

/**
 * The embedded disruption-care services. Lounges, hotels and the rebooking desk compute their
 * answers from seeds (the airport, the night, the route, the idempotency key), so they store
 * nothing and answer a retry alike; the loyalty programme keeps a ledger, since a balance is
 * what earlier credits leave behind. The clock decides which offered flights have left.
 */
export function simulatedDisruption(deps: { db: Db; clock: Clock }): DisruptionPort {
  return {
    lounges: simulatedLounges(),
    hotels: simulatedHotels(),
    rebooking: simulatedRebooking(deps.clock),
    loyalty: simulatedLoyalty(deps.db, deps.clock),
  };
}
