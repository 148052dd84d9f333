import type { Config } from '../../config.ts';
import type { ProviderDeps } from '../index.ts';
import { hibpBreachSource } from './hibp/index.ts';
import type { BreachSourcePort } from './port.ts';
import { simulatedBreachSource } from './simulator/index.ts';

/**
 * The breach source BREACH_PROVIDER names: Have I Been Pwned's API v3 with `hibp` (email
 * addresses only), else the embedded simulator (the default), which keeps its identifiers
 * encrypted and matches them by the monitoring area's keyed hash.
 */
export function breachesProvider(
  config: Pick<Config, 'BREACH_PROVIDER' | 'HIBP_API_KEY' | 'HIBP_URL'>,
  deps: Pick<ProviderDeps, 'db' | 'clock' | 'encryption' | 'fingerprints'>,
): BreachSourcePort {
  // config.ts refuses BREACH_PROVIDER=hibp without HIBP_API_KEY.
  if (config.BREACH_PROVIDER === 'hibp' && config.HIBP_API_KEY)
    return hibpBreachSource({
      baseUrl: config.HIBP_URL,
      apiKey: config.HIBP_API_KEY,
      clock: deps.clock,
    });
  return simulatedBreachSource(deps);
}
