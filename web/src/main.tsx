// The page's module entry. The app's modules are evaluated, and its store
// made, in four tasks rather than one: React DOM; Redux Toolkit, RTK Query
// and the API's endpoints; the store; then the rest of the app
// (src/start.tsx), which renders. At once they are one task of over 200 ms
// on a phone's CPU, during which a tap on the login page waits; between
// these the page gets its turn. The build's HTML preloads every stage's
// modules (build/prerender.ts), so none waits for the network after the
// one before.
import { yieldToPage } from '@murmur/backend/protocol';

async function main(): Promise<void> {
  await import('react-dom/client');
  await yieldToPage();
  const { makeStore } = await import('./app/store');
  await yieldToPage();
  const store = makeStore({ persist: true });
  await yieldToPage();
  const { boot } = await import('./start');
  boot(store);
}

void main();
