/**
 * The start page `/`: a function `main.tsx` calls before React is there, so on `/` the
 * page's code downloads beside React rather than after it.
 */
export const loadLandingPage = () => import('./landing-page.tsx');
