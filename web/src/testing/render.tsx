import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, MemoryRouter, Outlet, RouterProvider, type InitialEntry } from 'react-router-dom';
import { appRoutes } from '../app/routes';
import { whenRouterReady } from '../app/startup/render';
import { makeStore, type AppStore, type RootState } from '../app/store';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  route?: string;
}

/** Renders `ui` with a store and a router, as the app does. */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const { preloadedState, store = makeStore({ preloadedState }), route = '/', ...rest } = options;
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </Provider>,
    rest,
  );
  return { store, ...result };
}

/**
 * Renders the app's routes (app/routes.tsx) at `route` in a memory router,
 * once the route's modules are in and its loaders have run (as the app's
 * start does); `inside` renders inside the router, beside the page.
 */
export async function renderRoutes(route: InitialEntry, options: { store?: AppStore; inside?: ReactNode } = {}) {
  const { store = makeStore(), inside } = options;
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            {inside}
          </>
        ),
        children: appRoutes(store),
      },
    ],
    { initialEntries: [route] },
  );
  await whenRouterReady(router);
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, ...result };
}
