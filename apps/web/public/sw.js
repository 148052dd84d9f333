/* global self, caches */
/*
 * Tern's service worker: it keeps a lounge pass usable with no network (issue 14), in any tab
 * and without a session (issue 25). A pass page's document and the app's files it loads are
 * kept as they come back from the network, and of the API answers only the pass itself and
 * the partner's public ones (its client record and theme); with no network they are answered
 * from the cache. A customer's other data never lands in the browser's cache storage, whatever
 * page asks for it: a page that started on a pass is still "that page" to the worker after it
 * moves on in the app (a client's URL is the one it was created with).
 */
const CACHE = 'tern-passes-v1';
const PASS_PAGE = /^\/resolution\/pass\/[^/]+$/;
/** The API's root (`API_ROOT` in the domain: this file is served as is, not built). */
const API = '/api/v1/';
/** The API answers kept: a pass (`resolutions.pass`), the client record and theme files. */
const KEPT_API = [/^platform\/resolutions\/passes\/[^/]+$/, /^platform\/client$/, /^themes\//];

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** When the kept passes were last forgotten: an answer asked for before then is not kept. */
let forgottenAt = 0;

/** A logout forgets the kept passes: the next person on this device does not see them. */
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'forget') return;
  forgottenAt = Date.now();
  event.waitUntil(caches.delete(CACHE));
});

const fromPassPage = async (event, url) => {
  if (event.request.mode === 'navigate') return PASS_PAGE.test(url.pathname);
  const client = event.clientId ? await self.clients.get(event.clientId) : undefined;
  return Boolean(client && PASS_PAGE.test(new URL(client.url).pathname));
};

/** What may be kept: the app's own files, and of the API only what KEPT_API names. */
const keepable = (url) =>
  !url.pathname.startsWith(API) ||
  KEPT_API.some((kept) => kept.test(url.pathname.slice(API.length)));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (!keepable(url)) return;
  event.respondWith(
    (async () => {
      const asked = Date.now();
      try {
        const response = await fetch(request);
        if (response.ok && asked > forgottenAt && (await fromPassPage(event, url))) {
          const copy = response.clone();
          const cache = await caches.open(CACHE);
          await cache.put(request, copy);
        }
        return response;
      } catch (error) {
        const kept = await caches.match(request, { ignoreVary: true });
        if (kept) return kept;
        throw error;
      }
    })(),
  );
});
