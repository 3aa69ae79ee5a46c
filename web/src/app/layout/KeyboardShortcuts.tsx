import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../components/Modal';

export const SHORTCUTS: readonly (readonly [key: string, does: string])[] = [
  ['j', 'Next post'],
  ['k', 'Previous post'],
  ['l', 'Like the post, or take the like back'],
  ['b', 'Bookmark the post, or remove the bookmark'],
  ['c', "Open the post's comments"],
  ['n', 'Write a post'],
  ['/', 'Search'],
  ['?', 'Show these shortcuts'],
];

/** Typing in a field (or a modal being open) switches the shortcuts off. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function posts(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('#main article')];
}

/** The post holding the focus, if any. */
function currentPost(): HTMLElement | undefined {
  return posts().find((article) => article.contains(document.activeElement));
}

/**
 * Desktop keyboard shortcuts (`j`/`k` move between posts, `l` like, `b`
 * bookmark, `c` comments, `n` compose, `/` search, `?` this list), off while
 * typing in a field or with a dialog open; each is announced to screen
 * readers through a live region.
 */
export function KeyboardShortcuts({ onCompose }: { onCompose: () => void }) {
  const navigate = useNavigate();
  const [help, setHelp] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    function move(step: 1 | -1) {
      const list = posts();
      if (list.length === 0) return setAnnouncement('No posts on this page');
      const at = list.indexOf(currentPost() as HTMLElement);
      const next =
        list[at < 0 ? (step === 1 ? 0 : list.length - 1) : Math.min(Math.max(at + step, 0), list.length - 1)];
      if (!next) return;
      next.tabIndex = -1;
      next.focus();
      next.scrollIntoView({ block: 'nearest' });
      setAnnouncement(`${next.getAttribute('aria-label') ?? 'Post'}, ${list.indexOf(next) + 1} of ${list.length}`);
    }

    function press(selector: string, done: (wasOn: boolean) => string) {
      const control = currentPost()?.querySelector<HTMLElement>(selector);
      if (!control) return setAnnouncement('Move to a post first: press j');
      const wasOn = control.getAttribute('aria-pressed') === 'true';
      control.click();
      setAnnouncement(done(wasOn));
    }

    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typing(event.target) || document.querySelector('dialog[open]')) return;
      const act: Record<string, () => void> = {
        j: () => move(1),
        k: () => move(-1),
        l: () => press('button[aria-label="Like"]', (on) => (on ? 'Like taken back' : 'Liked')),
        b: () => press('button[aria-label="Bookmark"]', (on) => (on ? 'Bookmark removed' : 'Bookmarked')),
        c: () => press('a[aria-label="Comments"]', () => 'Comments opened'),
        n: () => {
          onCompose();
          setAnnouncement('Write a post');
        },
        '/': () => {
          const box = document.querySelector<HTMLInputElement>('.header-search__input');
          if (box && box.offsetParent !== null) box.focus();
          else navigate('/search');
          setAnnouncement('Search');
        },
        '?': () => setHelp(true),
      };
      const action = act[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    }

    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate, onCompose]);

  return (
    <>
      <p className="visually-hidden" aria-live="polite" role="status" aria-label="Shortcut announcements">
        {announcement}
      </p>
      <Modal open={help} title="Keyboard shortcuts" onClose={() => setHelp(false)}>
        <dl className="shortcuts">
          {SHORTCUTS.map(([key, does]) => (
            <div key={key} className="shortcuts__row">
              <dt>
                <kbd>{key}</kbd>
              </dt>
              <dd>{does}</dd>
            </div>
          ))}
        </dl>
        <p className="muted">Shortcuts are off while you type in a field.</p>
      </Modal>
    </>
  );
}
