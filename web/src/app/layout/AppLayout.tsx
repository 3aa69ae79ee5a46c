import { Outlet } from 'react-router-dom';
import { useGetBookmarksQuery } from '../../api/postsApi';
import { useAppSelector } from '../../api/hooks';
import { useLiveEvents } from '../../api/liveEvents';
import { selectToken } from '../../api/session';
import { MentionContext } from '../../components/TaggedText';
import { WhoToFollow } from '../../features/users/WhoToFollow';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { Header } from './Header';
import { MainNav } from './MainNav';
import { MentionLink } from './MentionLink';
import { useServerBackendHost } from '../../lib/serverBackend';
import './layout.css';

/** Where the Who to Follow panel has room (layout.css hides it below this width). */
export const WIDE_SCREEN = 'not all and (max-width: 1099px)';

/**
 * The frame of every signed-in page: header, navigation (a sidebar on wide
 * screens, a bottom bar on phones), the page, and the Who to Follow panel.
 */
export function AppLayout() {
  const token = useAppSelector(selectToken);
  // The right panel shows only on wide screens (layout.css); elsewhere it is
  // not rendered at all, so that a phone neither builds nor asks for it.
  const wide = useMediaQuery(WIDE_SCREEN, true);
  const server = useServerBackendHost();

  // Post cards everywhere show the bookmark state, so the session's bookmarks
  // load with the shell. A token route: if the backend no longer accepts the
  // stored token, this is where the app finds out and signs out (api/baseQuery.ts).
  useGetBookmarksQuery(undefined, { skip: !token });
  // The live events and the bell's count, once the page is idle.
  useLiveEvents();

  return (
    <MentionContext value={MentionLink}>
      <div className="shell">
        <a
          className="skip-link"
          href="#main"
          onClick={(event) => {
            event.preventDefault();
            document.getElementById('main')?.focus();
          }}
        >
          Skip to content
        </a>
        <Header />
        <div className="shell__body">
          <MainNav />
          <main id="main" className="shell__main" tabIndex={-1}>
            <Outlet />
          </main>
          {wide && (
            <aside className="shell__aside" aria-label="Suggestions">
              <div className="shell__aside-inner">
                <WhoToFollow />
                <p className="shell__note muted">
                  {server
                    ? `Murmur's data lives on the server at ${server}: every browser and app that uses it sees the same posts.`
                    : 'Murmur runs entirely in your browser: your posts never leave this device.'}
                </p>
              </div>
            </aside>
          )}
        </div>
      </div>
    </MentionContext>
  );
}
