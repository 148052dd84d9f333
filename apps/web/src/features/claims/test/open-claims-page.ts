import type { TextLanguage } from '@tern/domain/constants';
import { sessionStore } from '../../../core/session/session-store.ts';
import { fakeApi, ids, type FakeRoutes } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { themeConfigFixture } from '../../../test/theme-config-fixture.ts';

/** The portal of Harbour Mutual (a parametric partner) at `path`, signed in, the API faked. */
export async function openAsHarbourCustomer(
  path: string,
  routes: FakeRoutes = {},
  language: TextLanguage = 'en',
) {
  sessionStore.start({ token: 'tok', userId: ids.user });
  return renderApp({
    path,
    language,
    themeConfig: themeConfigFixture({ name: 'Harbour Mutual', config: { parametric: true } }),
    route: fakeApi(routes),
  });
}
