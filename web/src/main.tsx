import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { BackendUnavailable } from './components/BackendUnavailable';
import { StartupNotices } from './features/demo-data/StartupNotices';
import { applyTheme, loadTheme } from './features/theme/theme';
import './styles/global.css';

// The saved theme goes on <html> before anything renders, so a dark theme
// never flashes light while the backend starts.
applyTheme(loadTheme());

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  const root = createRoot(container);
  let notices: string[];
  try {
    // msw and the wasm core come in a chunk of their own; the app renders
    // only once they answer.
    const { startMockBackend } = await import('./mocks/browser');
    ({ notices } = await startMockBackend());
    // For tests and the bench: the backend answers from here on.
    document.documentElement.dataset.backend = 'ready';
    performance.mark('murmur:backend-ready');
  } catch (error) {
    root.render(<BackendUnavailable error={error} />);
    return;
  }
  root.render(
    <StrictMode>
      <App />
      <StartupNotices notices={notices} />
    </StrictMode>,
  );
}

void boot();
