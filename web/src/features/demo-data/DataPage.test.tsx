import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestServer } from '@murmur/backend/node';
import { BACKUP_MESSAGES } from '@murmur/backend/protocol';
import { postsApi } from '../../api/postsApi';
import { makeStore, type AppStore } from '../../app/store';
import { renderWithProviders } from '../../testing/render';
import { cachedPosts, signIn } from '../../testing/realCore';
import '../../testing/dialogPolyfill';
import { DataPage } from './DataPage';
import { formatBytes } from './storage';

const { server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let store: AppStore;
beforeEach(async () => {
  await fetch('http://localhost/__murmur/reset', { method: 'POST' });
  store = makeStore();
  await signIn(store);
  URL.createObjectURL = vi.fn(() => 'blob:backup');
  URL.revokeObjectURL = vi.fn();
});

const realStorage = Object.getOwnPropertyDescriptor(navigator, 'storage');
afterEach(() => {
  if (realStorage) Object.defineProperty(navigator, 'storage', realStorage);
  else delete (navigator as { storage?: unknown }).storage;
});

function withStorage(storage: Partial<StorageManager> | undefined) {
  Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
}

const storageOf = (persisted: boolean, persist = vi.fn(async () => true)) => ({
  persisted: vi.fn(async () => persisted),
  estimate: vi.fn(async () => ({ usage: 1_234_567, quota: 2_000_000_000 })),
  persist,
});

describe('storage on the server', () => {
  it('says the data lives on the server that serves the app, and asks the browser nothing', async () => {
    const storage = storageOf(false);
    withStorage(storage);
    const marker = document.createElement('meta');
    marker.name = 'murmur-backend';
    marker.content = 'server';
    document.head.append(marker);
    try {
      renderWithProviders(<DataPage />, { store });
      expect(await screen.findByRole('heading', { name: 'Storage on the server' })).toBeInTheDocument();
      expect(screen.getByTestId('server-storage')).toHaveTextContent(
        `live on the Murmur server at ${location.host}: every browser and app that uses it sees the same data`,
      );
      expect(screen.queryByText('Keep my data on this device')).toBeNull();
      expect(storage.persisted).not.toHaveBeenCalled();
      expect(screen.getByRole('region', { name: 'Demo data' })).toHaveTextContent(
        `Murmur’s people, posts and everyone’s activity live on the server at ${location.host}.`,
      );
    } finally {
      marker.remove();
    }
  });
});

describe('storage on this device', () => {
  it('shows whether the data is kept and how much space it uses', async () => {
    withStorage(storageOf(false));
    renderWithProviders(<DataPage />, { store });
    expect(await screen.findByTestId('persistence')).toHaveTextContent('Not promised');
    expect(screen.getByTestId('usage')).toHaveTextContent(`${formatBytes(1_234_567)} of ${formatBytes(2_000_000_000)}`);
    expect(formatBytes(1_234_567, 'en')).toBe('1.2 MB');
    expect(formatBytes(2_000_000_000, 'en')).toBe('2 GB');
    expect(screen.getByRole('meter', { name: 'Share of the space used' })).toHaveAttribute('value', '1234567');
  });

  it('asks the browser to keep the data only on the click, and shows a yes', async () => {
    const user = userEvent.setup();
    const storage = storageOf(false);
    withStorage(storage);
    renderWithProviders(<DataPage />, { store });
    const button = await screen.findByRole('button', { name: 'Keep my data on this device' });
    expect(storage.persist).not.toHaveBeenCalled();
    storage.persisted.mockResolvedValue(true);
    await user.click(button);
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/Done: your browser will keep/)).toBeVisible();
    expect(screen.getByTestId('persistence')).toHaveTextContent('Yes');
    expect(screen.queryByRole('button', { name: 'Keep my data on this device' })).toBeNull();
  });

  it('explains a no, and that installing the app helps', async () => {
    const user = userEvent.setup();
    withStorage(
      storageOf(
        false,
        vi.fn(async () => false),
      ),
    );
    renderWithProviders(<DataPage />, { store });
    await user.click(await screen.findByRole('button', { name: 'Keep my data on this device' }));
    const answer = await screen.findByText(/Your browser said no/);
    expect(answer).toHaveTextContent('Installing Murmur as an app');
  });

  it('says so in a browser without the StorageManager API', async () => {
    withStorage(undefined);
    renderWithProviders(<DataPage />, { store });
    expect(await screen.findByRole('note')).toHaveTextContent('has no StorageManager API');
    expect(screen.queryByRole('button', { name: 'Keep my data on this device' })).toBeNull();
  });
});

describe('backup and restore', () => {
  /** What "Download a backup" made, read back from the backend that made it. */
  async function downloadInUi(user: ReturnType<typeof userEvent.setup>): Promise<File> {
    const made = vi.spyOn(URL, 'createObjectURL');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: 'Download a backup' }));
    await waitFor(() => expect(made).toHaveBeenCalled());
    expect(saved).toEqual([expect.stringMatching(/^murmur-backup-\d{4}-\d\d-\d\d\.json$/)]);
    const blob = made.mock.calls[0]![0] as Blob;
    expect(await screen.findByRole('status')).toHaveTextContent(/Saved murmur-backup-\d{4}-\d\d-\d\d\.json/);
    return new File([await blob.text()], 'murmur-backup.json', { type: 'application/json' });
  }

  const contents = async () => {
    await store.dispatch(postsApi.endpoints.getPosts.initiate(undefined, { forceRefetch: true }));
    return cachedPosts(store).map((post) => post.content);
  };

  it('shows what a backup holds, asks, and restores it', async () => {
    withStorage(storageOf(true));
    const user = userEvent.setup();
    const token = store.getState().session.token!;
    await fetch('http://localhost/api/posts', {
      method: 'POST',
      headers: { authorization: token },
      body: JSON.stringify({ postData: { content: 'In the backup' } }),
    });
    renderWithProviders(<DataPage />, { store });
    const backup = await downloadInUi(user);
    await fetch('http://localhost/__murmur/reset', { method: 'POST' });
    expect(await contents()).not.toContain('In the backup');

    await user.upload(screen.getByLabelText('Backup file'), backup);
    const dialog = await screen.findByRole('dialog', { name: 'Restore this backup?' });
    expect(dialog).toHaveTextContent('6 people, 13 posts, 0 uploaded images');
    expect(dialog).toHaveTextContent('murmur-backup.json');
    expect(dialog).toHaveTextContent('every open tab');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await contents()).toContain('In the backup');
  });

  it('changes nothing when cancelled', async () => {
    withStorage(storageOf(true));
    const user = userEvent.setup();
    renderWithProviders(<DataPage />, { store });
    const backup = await downloadInUi(user);
    const token = store.getState().session.token!;
    await fetch('http://localhost/api/posts', {
      method: 'POST',
      headers: { authorization: token },
      body: JSON.stringify({ postData: { content: 'Kept' } }),
    });
    await user.upload(screen.getByLabelText('Backup file'), backup);
    const dialog = await screen.findByRole('dialog', { name: 'Restore this backup?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await contents()).toContain('Kept');
  });

  it('refuses a file that is not a backup with its message, before asking anything', async () => {
    withStorage(storageOf(true));
    const user = userEvent.setup();
    renderWithProviders(<DataPage />, { store });
    await user.upload(
      screen.getByLabelText('Backup file'),
      new File(['garbage'], 'notes.json', { type: 'application/json' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(BACKUP_MESSAGES.notJson);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
