import { afterEach, describe, expect, it, vi } from 'vitest';
import { postsApi } from '../api/postsApi';
import { usersApi } from '../api/usersApi';
import { commentsApi } from '../features/comments/commentsApi';
import { postWritesApi } from '../features/posts/postWrites';
import { userWritesApi } from '../features/users/userWrites';
import { cachedPosts, guestOnRealCore } from '../testing/realCore';
import { newIdempotencyKey } from './api';

const session = guestOnRealCore();
const keyOf = (request?: { headers: Record<string, string> }) => request?.headers['idempotency-key'];

/** Posts `content` while the answer of the next `times` posts is dropped after they are saved. */
async function postDropped(content: string, times: number) {
  const store = session.current();
  await store.dispatch(postsApi.endpoints.getPosts.initiate()).unwrap();
  const before = cachedPosts(store).length;
  session.murmur.fail({ method: 'POST', path: '/api/posts', failure: 'network', when: 'after-commit', times });
  const result = await store.dispatch(postWritesApi.endpoints.createPost.initiate({ content }));
  return { store, before, result };
}

describe('the API client against the real core: a write whose answer is lost', () => {
  it('a post whose answer is dropped after it was saved is sent again with its key: one post, no error', async () => {
    const { store, before, result } = await postDropped('Sent on a bad train line', 1);

    expect(result.error).toBeUndefined();
    expect(cachedPosts(store).filter((p) => p.content === 'Sent on a bad train line')).toHaveLength(1);
    expect(cachedPosts(store)).toHaveLength(before + 1);
    const sent = session.murmur.requests({ method: 'POST', path: '/api/posts' });
    expect(sent.map((r) => r.status)).toEqual(['failed', 201]);
    expect(keyOf(sent[0])).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyOf(sent[1])).toBe(keyOf(sent[0]));
    // The backend holds one post, whatever the cache says.
    const fresh = await store
      .dispatch(postsApi.endpoints.getPosts.initiate(undefined, { forceRefetch: true }))
      .unwrap();
    expect(fresh.filter((p) => p.content === 'Sent on a bad train line')).toHaveLength(1);
  });

  it('each action sends a key of its own: a like and its undo, a comment, a follow and its undo', async () => {
    const store = session.current();
    await store.dispatch(postsApi.endpoints.getPosts.initiate()).unwrap();
    const users = await store.dispatch(usersApi.endpoints.getUsers.initiate()).unwrap();
    const me = store.getState().session.user!;
    const stranger = users.find((u) => u._id !== me._id && !me.following.some((f) => f._id === u._id))!;
    session.murmur.clear();

    await store.dispatch(postWritesApi.endpoints.likePost.initiate('p-12')).unwrap();
    await store.dispatch(postWritesApi.endpoints.dislikePost.initiate('p-12')).unwrap();
    await store.dispatch(commentsApi.endpoints.addComment.initiate({ postId: 'p-12', text: 'Keyed' })).unwrap();
    await store.dispatch(userWritesApi.endpoints.followUser.initiate(stranger)).unwrap();
    await store.dispatch(userWritesApi.endpoints.unfollowUser.initiate(stranger)).unwrap();

    const writes = session.murmur.requests({ method: 'POST' });
    expect(writes).toHaveLength(5);
    expect(writes.every((r) => typeof keyOf(r) === 'string')).toBe(true);
    expect(new Set(writes.map(keyOf)).size).toBe(5);
    expect(session.murmur.requests({ method: 'GET' }).every((r) => keyOf(r) === undefined)).toBe(true);
  });

  it('a write that fails twice shows the error once, and is saved once', async () => {
    const { store, before, result } = await postDropped('Twice unlucky', 2);

    expect(result.error).toMatchObject({
      status: 0,
      message: 'Could not reach the backend. Reload the page to try again.',
    });
    expect(session.murmur.requests({ method: 'POST', path: '/api/posts' })).toHaveLength(2);
    const fresh = await store
      .dispatch(postsApi.endpoints.getPosts.initiate(undefined, { forceRefetch: true }))
      .unwrap();
    expect(fresh).toHaveLength(before + 1);
  });

  it('a read that fails is not sent again', async () => {
    const store = session.current();
    session.murmur.fail({ method: 'GET', path: '/api/posts', failure: 'network', times: 1 });
    const result = await store.dispatch(postsApi.endpoints.getPosts.initiate());
    expect(result.error).toMatchObject({ status: 0 });
    expect(session.murmur.requests({ method: 'GET', path: '/api/posts' })).toHaveLength(1);
  });
});

describe('newIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals());
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('makes a version 4 UUID, a new one each time, where randomUUID is missing (a page on plain http)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) });
    const keys = Array.from({ length: 50 }, () => newIdempotencyKey());
    expect(keys.every((k) => UUID_V4.test(k))).toBe(true);
    expect(new Set(keys).size).toBe(50);
  });
});
