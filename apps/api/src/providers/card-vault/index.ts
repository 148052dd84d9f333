import type { Config } from '../../config.ts';
import type { ProviderDeps } from '../index.ts';
import type { CardVaultPort } from './port.ts';

/** The card vault. (Being built: issue 29.) */
export function cardVaultProvider(_config: Config, _deps: ProviderDeps): CardVaultPort {
  throw new Error('card vault not built yet');
}
