import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { TriggerFeedPort } from './port.ts';
import { simulatedTriggerFeed } from './simulator/index.ts';

/**
 * The parametric trigger feed: the embedded simulator, the only one so far (a grid operator's,
 * a flood gauge network's or a council's feed is chosen here from its settings when it comes).
 */
export function triggerFeedProvider(
  _config: unknown,
  deps: { db: Db; clock: Clock },
): TriggerFeedPort {
  return simulatedTriggerFeed({ db: deps.db, clock: deps.clock });
}
