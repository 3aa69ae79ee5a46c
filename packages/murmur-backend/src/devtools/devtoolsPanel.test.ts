// The devtools panel lists the live events as they come (jsdom).
import { afterAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import type { SetupWorker } from 'msw/browser';
import { PersistentBackend } from '../persistence/persistentBackend.js';
import { createPost, newCore, signIn } from '../persistence/testing.js';
import { localDevtoolsBackend } from './context.js';
import { eventSubject, mountDevtools } from './devtoolsPanel.js';

const server = setupServer();
afterAll(() => server.close());

describe('the devtools panel', () => {
  it('shows each live event as it comes, newest first', async () => {
    const backend = PersistentBackend.inMemory(newCore());
    const host = mountDevtools({
      msw: server as unknown as SetupWorker,
      backend: localDevtoolsBackend(backend),
      transport: fetch,
      exchanges: new Set(),
      backlog: [],
      basePath: '/',
    });
    const token = await signIn(backend);
    await createPost(backend, token, 'Seen in the devtools');
    const rows = () => [...host.shadowRoot!.querySelectorAll('#events tr')].map((row) => row.textContent);
    await expect.poll(rows).toHaveLength(1);
    const created = rows()[0]!;
    expect(created).toMatch(/^1post\.createdp-\w+ by @guest$/);
    await backend.reset();
    await expect.poll(() => rows()[0]).toMatch(/^2resyncread afresh at 2$/);
  });

  it('names what each kind of event is about', () => {
    expect(eventSubject({ id: 3, event: 'user.changed', data: { user: { username: 'maya_lind' } } })).toBe(
      '@maya_lind',
    );
    expect(eventSubject({ id: 4, event: 'post.deleted', data: { _id: 'p-02' } })).toBe('p-02');
  });
});
