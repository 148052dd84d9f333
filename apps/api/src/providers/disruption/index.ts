import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DisruptionPort } from './port.ts';
import { simulatedDisruption } from './simulator/index.ts';

/**
 * What disruption resolutions book with: the embedded simulator, the only one so far. Real
 * adapters (lounges, hotels, the airline's rebooking, loyalty) are chosen here from their
 * settings when they come.
 */
export function disruptionProvider(
  _config: unknown,
  deps: { db: Db; clock: Clock },
): DisruptionPort {
  return simulatedDisruption({ db: deps.db, clock: deps.clock });
}
