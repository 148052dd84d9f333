import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PayoutsPort } from './port.ts';
import { simulatedPayouts } from './simulator/index.ts';

/**
 * The payout provider: the embedded simulator, the only one so far. A real adapter (Corpay)
 * is chosen here from its settings when it comes.
 */
export function payoutsProvider(
  config: Pick<Config, 'PAYOUT_SIM_SETTLE_MS'>,
  deps: { db: Db; clock: Clock },
): PayoutsPort {
  return simulatedPayouts({
    db: deps.db,
    clock: deps.clock,
    settleAfterMs: config.PAYOUT_SIM_SETTLE_MS,
  });
}
