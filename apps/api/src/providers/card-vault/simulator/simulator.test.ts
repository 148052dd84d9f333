import { freshDatabase } from '../../../../test/database.ts';
import { cardVaultPortSuite } from '../port-suite.ts';
import { PORTAL_ORIGIN, typeInFrame, vaultOn } from './test-vault.ts';

cardVaultPortSuite('simulator', async () => {
  const { database, release } = await freshDatabase();
  const { app, clock, port } = await vaultOn(database);
  return {
    port,
    close: async () => {
      await app.close();
      await release();
    },
    portalOrigin: PORTAL_ORIGIN,
    tokenise: (url, number) => typeInFrame(app, url, number),
    now: () => clock.now(),
    advance: (ms) => clock.advance(ms),
  };
});
