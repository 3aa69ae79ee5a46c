// msw's worker, plus one thing: a page it does not control (a hard reload
// bypasses it) asks to be taken over, and is, with no reload
// (docs/backend-browser.md, "A page no service worker controls: never reloaded").
self.addEventListener('message', (event) => {
  if (event.data === 'MURMUR_CLAIM_PAGE') event.waitUntil(self.clients.claim()); // CLAIM_PAGE_MESSAGE
});
importScripts('mockServiceWorker.js');
