import type { OfferConfig } from '@tern/domain/partners/offers';
import { lazy, Suspense } from 'react';
import { ClientOnly } from '../../components/client-only/client-only.tsx';
import type { RouteObject } from 'react-router';
import { offeredWebAreas } from '../../core/area.ts';
import { paths } from '../../core/routing/paths.ts';
import { SignInCard } from '../../features/accounts/index.ts';
import { webAreas } from '../areas.ts';
import { landingPage } from '../landing/load-landing-page.ts';
import { dashboardPage } from '../session/signed-in-chunks.ts';
import { AppLayout } from '../layout/app-layout.tsx';
import { PageLoader } from '../../components/page/page-loader.tsx';
import { RequireSession } from './require-session.tsx';
import { widgetRoutesFor } from '../widget/widget-routes.tsx';

/** About the sign-in card's height on a phone (email, password, links, button). */
const SIGN_IN_CARD_MIN_HEIGHT = '26rem';
const signInRoom = <PageLoader minHeight={SIGN_IN_CARD_MIN_HEIGHT} />;

// Each page is its own chunk: the first visit downloads the shell and one page only.
const LandingPage = landingPage.Component;
const DashboardPage = dashboardPage.Component;
const NotFoundPage = lazy(() =>
  import('./not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);

/**
 * The routes of spec 1 §2: the shell's landing and dashboard pages and the pages of the areas
 * the partner's configuration offers (another area's path is not found, as its API routes
 * are); pages past login sit behind the session guard (which lets the pages an area keeps for
 * offline use open without a session when there is no network). The sign-in card on the
 * landing page is the accounts area's, a chunk of its own (the landing page paints without it).
 */
export const appRoutesFor = (config: OfferConfig): RouteObject[] => {
  const areas = offeredWebAreas(webAreas, config);
  return [
    widgetRoutesFor(areas),
    {
      element: <AppLayout />,
      children: [
        {
          path: paths.landing,
          element: (
            <LandingPage
              signIn={
                // The card's room is kept while its code arrives: nothing below it moves, and
                // the picture behind it is painted once, at its full size (LCP, CLS). The
                // server's page has the room only: a form that works once its code runs must
                // not show before (a native submit would put the password in the address).
                <Suspense fallback={signInRoom}>
                  <ClientOnly fallback={signInRoom}>
                    <SignInCard />
                  </ClientOnly>
                </Suspense>
              }
            />
          ),
        },
        ...areas.flatMap((area) => area.publicRoutes ?? []),
        {
          element: <RequireSession />,
          children: [
            { path: paths.dashboard, element: <DashboardPage /> },
            ...areas.flatMap((area) => area.sessionRoutes ?? []),
          ],
        },
        {
          element: <RequireSession offline />,
          children: areas.flatMap((area) => area.offlineRoutes ?? []),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
};
