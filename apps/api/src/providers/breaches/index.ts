import type { Config } from '../../config.ts';
import type { ProviderDeps } from '../index.ts';
import type { BreachSourcePort } from './port.ts';

/** The breach source BREACH_PROVIDER names. (Being built: issue 29.) */
export function breachesProvider(_config: Config, _deps: ProviderDeps): BreachSourcePort {
  throw new Error('breach source not built yet');
}
