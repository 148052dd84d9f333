import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BagTracingPort } from './port.ts';
import { simulatedBagTracing } from './simulator/index.ts';

/**
 * The airline's bag-tracing system: the embedded simulator, the only one so far (a SITA
 * WorldTracer adapter is chosen here from its settings when it comes).
 */
export function bagTracingProvider(
  config: Pick<Config, 'BAG_TRACING_LOST_AFTER_DAYS'>,
  deps: { db: Db; clock: Clock },
): BagTracingPort {
  return simulatedBagTracing({ ...deps, lostAfterDays: config.BAG_TRACING_LOST_AFTER_DAYS });
}
