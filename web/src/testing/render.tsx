import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
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
