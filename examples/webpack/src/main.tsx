// Start the backend, then render (the package README's step 3). The router is
// made only once the backend answers: createBrowserRouter runs the first
// route's loader at once, and its request must find the backend there.
import { startMurmurBackend } from '@murmur/backend';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes';
import { seed } from './seed';

const root = createRoot(document.getElementById('root')!);
try {
  // `indexeddb`: likes survive a reload; the seed is used on the first visit.
  await startMurmurBackend({ persist: 'indexeddb', seed });
  root.render(
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
} catch (error) {
  root.render(
    <p role="alert">The backend could not start: {error instanceof Error ? error.message : String(error)}</p>,
  );
}
