import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { makeStore } from './store';
import { AppRoutes } from './routes';

const store = makeStore({ persist: true });

/** The router's basename: the site's base path without its trailing slash. */
export const routerBasename = import.meta.env.BASE_URL.replace(/\/$/, '') || '/';

export function App() {
  return (
    <Provider store={store}>
      <BrowserRouter basename={routerBasename}>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  );
}
