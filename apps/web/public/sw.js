/* global self, caches */
/*
 * Tern's service worker: it keeps a lounge pass usable with no network (issue 14). A pass
 * page's document, the app's files and the API answers that page reads are kept as they come
 * back from the network; with no network they are answered from the cache. Nothing is kept for
 * other pages, so a customer's other data never lands in the browser's cache storage.
 */
const CACHE = 'tern-passes-v1';
const PASS_PAGE = /^\/resolution\/pass\/[^/]+$/;
/** A pass's wallet file (`resolutions.walletPass`): a download, never kept here. */
const WALLET_FILE = /\/passes\/[^/]+\/wallet$/;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A logout forgets the kept passes: the next person on this device does not see them. */
self.addEventListener('message', (event) => {
  if (event.data?.type === 'forget') event.waitUntil(caches.delete(CACHE));
});

const fromPassPage = async (event, url) => {
  if (event.request.mode === 'navigate') return PASS_PAGE.test(url.pathname);
  const client = event.clientId ? await self.clients.get(event.clientId) : undefined;
  return Boolean(client && PASS_PAGE.test(new URL(client.url).pathname));
};

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.endsWith('/events') || WALLET_FILE.test(url.pathname)) return;
  event.respondWith(
    (async () => {
      try {
        const response = await fetch(request);
        if (response.ok && (await fromPassPage(event, url))) {
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
