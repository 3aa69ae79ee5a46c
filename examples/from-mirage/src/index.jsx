// The app's entry: start the mock backend, then render. On MirageJS these two
// lines were `import { makeServer } from './server.js';` and
// `makeServer({ users, posts }); render();` (git history has the server):
// the fixtures are Murmur's seed as they are, and the rest of the app is the same.
import { startMurmurBackend } from '@murmur/backend';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './App.jsx';
import { posts } from './backend/db/posts.js';
import { users } from './backend/db/users.js';
import { store } from './store.js';
import './style.css';

const root = createRoot(document.getElementById('root'));
const render = () =>
  root.render(
    <Provider store={store}>
      <App />
    </Provider>,
  );

startMurmurBackend({ persist: 'indexeddb', seed: { users, posts }, wasmUrl: '/mock_core_bg.wasm' }).then(render);
