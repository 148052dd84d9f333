import type { TextLanguage } from '@tern/domain/constants';
import { sessionStore } from '../../../core/session/session-store.ts';
import { fakeApi, ids, type FakeRoutes } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { themeConfigFixture } from '../../../test/theme-config-fixture.ts';
import { scanOf, subscriptionsOf } from './fixtures.ts';

/** Northbank's configuration: monitoring for Canada, the US and the UK; it reissues its cards. */
export const northbank = () =>
  themeConfigFixture({
    name: 'Northbank',
    config: {
      owl: true,
      payouts: { supplier: null },
      monitoring: { countries: ['CA', 'US', 'GB'], cardReissue: true },
    },
  });

/** The fake API of a subscribed Northbank customer, with nothing monitored unless `routes` say. */
const northbankApi = (routes: FakeRoutes = {}) =>
  fakeApi({
    'monitoring.status': () => ({ subscribed: true, initialScan: true }),
    'monitoring.scan': () => scanOf(),
    'monitoring.subscriptions': () => subscriptionsOf(),
    'monitoring.alerts': () => [],
    ...routes,
  });

/**
 * The portal of Northbank (the monitoring partner) at `path`, signed in, the API faked: a
 * subscribed user with nothing monitored and no alerts unless `routes` say otherwise.
 */
export async function openAsNorthbankCustomer(
  path: string,
  routes: FakeRoutes = {},
  language: TextLanguage = 'en',
) {
  sessionStore.start({ token: 'tok', userId: ids.user });
  return renderApp({ path, language, themeConfig: northbank(), route: northbankApi(routes) });
}
