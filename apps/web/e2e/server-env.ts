/**
 * The journey server's own database and key (playwright.config.ts starts it): what the
 * simulated world's operator (`npm run sim`) needs to reach the same database.
 */
export const E2E_DATA_DIR = '.data/e2e';
/** A fixed key suits a database made per run. */
export const E2E_ENCRYPTION_KEY = 'ZTJlLWpvdXJuZXlzLW9ubHktbm90LWEtcmVhbC1rZXk=';
/** Where the journey server's log goes (its standard output), read after every journey. */
export const E2E_SERVER_LOG = 'test-results/journey-server.log';
