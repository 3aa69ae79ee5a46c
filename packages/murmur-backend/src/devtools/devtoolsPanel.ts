// Murmur's devtools panel: a chunk of its own, loaded only with
// `startMurmurBackend({ devtools: true })`. It lives in a shadow root with its
// own styles (the app's never reach it, and its own never leak out), and every
// control is plain msw (see controls.ts). It lists the requests the page's
// transport answered and the live events (the public ones, as an anonymous
// reader of `GET /api/events` gets them) as they come. Keyboard: every control is a native
// button, input or select; Escape closes the panel.

import { backupFileName } from '../persistence/backup.js';
import { DATA_CHANGED_EVENT, type DataChangedDetail } from '../persistence/constants.js';
import type { MurmurEvent } from '../core/eventsApi.js';
import type { DevtoolsContext } from './context.js';
import { DevtoolsControls, type LogEntry } from './controls.js';
import { PANEL_CSS } from './styles.js';

/** How many requests the log keeps. */
const LOG_SIZE = 50;

/** Paths offered for "fail the next request" (msw's syntax; any path may be typed). */
const SUGGESTED_PATHS = [
  '/api/posts/like/:postId',
  '/api/posts/dislike/:postId',
  '/api/posts',
  '/api/posts/feed',
  '/api/comments/add/:postId',
  '/api/users/follow/:followUserId',
  '/api/users/bookmark/:postId',
  '/api/auth/login',
  '/api/*',
];

type Attributes = Record<string, string>;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** An event's subject in a few words: the post or user it is about, or the revision to read afresh at. */
export function eventSubject({ event, data }: MurmurEvent): string {
  const value = data as {
    post?: { _id?: string; username?: string };
    user?: { username?: string };
    _id?: string;
    revision?: number;
  };
  if (value.post) return `${value.post._id ?? ''} by @${value.post.username ?? ''}`;
  if (value.user) return `@${value.user.username ?? ''}`;
  if (event === 'resync') return `read afresh at ${value.revision ?? ''}`;
  return value._id ?? '';
}

/** The data changed under the app: it reads everything again (features/demo-data/useDataSync in Murmur's app). */
function announceDataChanged(revision: number): void {
  const detail: DataChangedDetail = { revision };
  window.dispatchEvent(new CustomEvent(DATA_CHANGED_EVENT, { detail }));
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = el('a', { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Mounts the panel once; returns its host element (`#murmur-devtools`). */
export function mountDevtools(context: DevtoolsContext): HTMLElement {
  const existing = document.getElementById('murmur-devtools');
  if (existing) return existing;
  const controls = new DevtoolsControls(context.msw, context.basePath);
  const host = el('div', { id: 'murmur-devtools' });
  const shadow = host.attachShadow({ mode: 'open' });
  const style = el('style');
  style.textContent = PANEL_CSS;

  const toggle = el(
    'button',
    { type: 'button', class: 'toggle', 'aria-expanded': 'false', 'aria-controls': 'panel' },
    'Devtools',
  );
  const status = el('p', { class: 'status', role: 'status' });
  const say = (text: string) => {
    status.textContent = text;
  };

  // Latency.
  const latency = el('input', {
    id: 'latency',
    type: 'number',
    min: '0',
    step: '100',
    value: '0',
    inputmode: 'numeric',
  });
  latency.addEventListener('change', () => {
    const ms = Math.max(0, Number(latency.value) || 0);
    controls.setLatency(ms);
    say(ms > 0 ? `Every /api answer waits ${ms} ms.` : 'No added latency.');
  });

  // Fail the next request.
  const method = el(
    'select',
    { id: 'fail-method' },
    ...['ANY', 'GET', 'POST', 'DELETE'].map((m) => el('option', { value: m }, m)),
  );
  method.value = 'POST';
  const path = el('input', {
    id: 'fail-path',
    type: 'text',
    list: 'paths',
    value: SUGGESTED_PATHS[0] ?? '',
    spellcheck: 'false',
    autocomplete: 'off',
  });
  const paths = el('datalist', { id: 'paths' }, ...SUGGESTED_PATHS.map((p) => el('option', { value: p })));
  const failure = el(
    'select',
    { id: 'fail-kind' },
    el('option', { value: 'error' }, '500 error'),
    el('option', { value: 'network' }, 'Network error'),
  );
  const failButton = el('button', { type: 'button' }, 'Fail next request');
  failButton.addEventListener('click', () => {
    controls.failNext(method.value, path.value, failure.value === 'network' ? 'network' : 'error');
    say(`The next ${method.value === 'ANY' ? '' : `${method.value} `}${path.value} will fail.`);
  });

  // Every override off (msw.resetHandlers()).
  const clearOverrides = el('button', { type: 'button' }, 'Clear overrides');

  // Offline.
  const offline = el('input', { id: 'offline', type: 'checkbox' });
  offline.addEventListener('change', () => {
    controls.setOffline(offline.checked);
    say(offline.checked ? 'Offline: every /api request fails as a network error.' : 'Back online.');
  });

  clearOverrides.addEventListener('click', () => {
    controls.clearOverrides();
    offline.checked = false;
    latency.value = '0';
    say('Every override is cleared: the backend answers everything.');
  });

  // Reset, download, restore.
  const reset = el('button', { type: 'button' }, 'Reset to the seed');
  reset.addEventListener('click', () => {
    void context.backend.reset().then(async (answer) => {
      if (answer.status !== 200) return say('The reset failed.');
      announceDataChanged(await context.backend.revision());
      say('The data is back to the seed.');
    });
  });
  // The same backup file as the app's "Your data" page (../persistence/backup.ts): the
  // state and every uploaded image, checked before anything changes.
  const save = el('button', { type: 'button' }, 'Download a backup');
  save.addEventListener('click', () => {
    void context.backend.exportBackup().then(
      (text) => {
        download(backupFileName(), text);
        say('Backup downloaded.');
      },
      () => say('The backup could not be made: the saved data could not be read.'),
    );
  });
  const file = el('input', { id: 'restore', type: 'file', accept: 'application/json,.json' });
  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    void context.backend.importBackup(chosen).then(
      async () => {
        file.value = '';
        announceDataChanged(await context.backend.revision());
        say(`Restored from ${chosen.name}.`);
      },
      (error: unknown) => {
        file.value = '';
        say(`Not restored: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  });

  // The request log.
  const rows = el('tbody');
  const clear = el('button', { type: 'button', class: 'link' }, 'Clear');
  clear.addEventListener('click', () => rows.replaceChildren());
  const log = (entry: LogEntry) => {
    const failed = entry.status === 'failed' || entry.status >= 400;
    const row = el(
      'tr',
      {},
      el('td', {}, entry.method),
      el('td', { class: 'path', title: entry.path }, entry.path),
      el('td', { class: failed ? 'bad' : 'ok' }, String(entry.status)),
      el('td', { class: 'num' }, String(Math.round(entry.ms))),
      el('td', {}, entry.via),
    );
    rows.prepend(row);
    while (rows.children.length > LOG_SIZE) rows.lastElementChild?.remove();
  };
  controls.watch(context.exchanges, log, context.backlog);

  // The live events, as they come.
  const eventRows = el('tbody', { id: 'events' });
  const showEvent = (event: MurmurEvent) => {
    eventRows.prepend(
      el(
        'tr',
        {},
        el('td', { class: 'num' }, String(event.id)),
        el('td', {}, event.event),
        el('td', { class: 'path', title: JSON.stringify(event.data) }, eventSubject(event)),
      ),
    );
    while (eventRows.children.length > LOG_SIZE) eventRows.lastElementChild?.remove();
  };
  void (async () => {
    for await (const event of context.backend.events()) showEvent(event);
  })().catch((error: unknown) => console.warn('Murmur: the devtools stopped following the live events', error));

  const panel = el(
    'section',
    { id: 'panel', class: 'panel', 'aria-labelledby': 'title', hidden: '' },
    el('h2', { id: 'title' }, 'Murmur devtools'),
    el(
      'div',
      { class: 'group' },
      el('label', { for: 'latency' }, 'Latency (ms)'),
      latency,
      el('label', { class: 'check' }, offline, 'Offline'),
    ),
    el(
      'fieldset',
      {},
      el('legend', {}, 'Fail the next request to'),
      el(
        'div',
        { class: 'row' },
        el('label', { for: 'fail-method', class: 'sr' }, 'Method'),
        method,
        el('label', { for: 'fail-path', class: 'sr' }, 'Path'),
        path,
      ),
      paths,
      el(
        'div',
        { class: 'row' },
        el('label', { for: 'fail-kind', class: 'sr' }, 'Failure'),
        failure,
        failButton,
        clearOverrides,
      ),
    ),
    el('div', { class: 'row' }, reset, save, el('label', { for: 'restore', class: 'file' }, 'Restore a backup…'), file),
    status,
    el(
      'table',
      {},
      el('caption', {}, 'Requests, newest first ', clear),
      el(
        'thead',
        {},
        el('tr', {}, ...['Method', 'Path', 'Status', 'ms', 'Via'].map((name) => el('th', { scope: 'col' }, name))),
      ),
      rows,
    ),
    el(
      'table',
      { class: 'events' },
      el('caption', {}, 'Live events, newest first'),
      el('thead', {}, el('tr', {}, ...['Id', 'Event', 'About'].map((name) => el('th', { scope: 'col' }, name)))),
      eventRows,
    ),
  );

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
  };
  toggle.addEventListener('click', () => setOpen(panel.hidden));
  panel.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    setOpen(false);
    toggle.focus();
  });

  shadow.append(style, el('div', { class: 'dock' }, panel, toggle));
  document.body.append(host);
  return host;
}
