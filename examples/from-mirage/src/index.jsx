// The app's entry: start the mock backend, then render.
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './App.jsx';
import { posts } from './backend/db/posts.js';
import { users } from './backend/db/users.js';
import { makeServer } from './server.js';
import { store } from './store.js';
import './style.css';

const root = createRoot(document.getElementById('root'));
const render = () =>
  root.render(
    <Provider store={store}>
      <App />
    </Provider>,
  );

makeServer({ users, posts });
render();
