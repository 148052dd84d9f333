import type { Config } from '../../config.ts';
import type { ProviderDeps } from '../index.ts';
import type { CardVaultPort } from './port.ts';
import { simulatedCardVault } from './simulator/index.ts';

export type * from './port.ts';
export { cardVaultPages } from './simulator/pages.ts';

/**
 * The vault's origin: CARD_VAULT_URL's, else `vault.localhost` on the API's port (browsers
 * resolve `*.localhost` to this machine, and it is another origin than any portal's).
 */
const cardVaultOrigin = (config: Pick<Config, 'CARD_VAULT_URL' | 'PORT'>): string =>
  new URL(config.CARD_VAULT_URL ?? `http://vault.localhost:${config.PORT}`).origin;

/**
 * The card vault (issue 29): the embedded one, whose pages this API serves on the vault's
 * host (`cardVaultPages`). A hosted vault (a PCI tokenisation service) would be chosen here
 * from its settings; its frame is then its own, and `cardVaultPages` serves nothing anyone
 * visits.
 */
export function cardVaultProvider(config: Config, deps: ProviderDeps): CardVaultPort {
  return simulatedCardVault({
    db: deps.db,
    clock: deps.clock,
    fingerprints: deps.fingerprints,
    origin: cardVaultOrigin(config),
  });
}
