import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OpenBankingPort } from './port.ts';
import { simulatedOpenBanking, type DisruptionsOf } from './simulator/index.ts';

export type * from './port.ts';
export { ConsentUnavailableError } from './errors.ts';
export { openBankingPages, type DisruptionsOf } from './simulator/index.ts';

/**
 * The account-information provider: the embedded simulator, the only one so far (an adapter
 * of a real UK Open Banking AIS provider is chosen here from its settings when it comes; its
 * consent page is then the bank's, and `openBankingPages` serves nothing anyone visits).
 * `disruptions` tells the simulator the events at a business, which lower its takings.
 */
export function openBankingProvider(
  _config: unknown,
  deps: { db: Db; clock: Clock; disruptions?: DisruptionsOf | undefined },
): OpenBankingPort {
  return simulatedOpenBanking(deps);
}
