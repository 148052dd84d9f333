/**
 * The pages and their server data (TanStack Query, the routes, the session's work): a
 * function `main.tsx` calls before React is there, so the download starts with the app.
 */
export const loadRoutedApp = () => import('./routed-app.tsx');
