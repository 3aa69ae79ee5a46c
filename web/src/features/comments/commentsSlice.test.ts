import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { createTestServer } from '../../mocks/node';
import { fetchComments } from './commentsSlice';

const { server, core } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => core.reset());

describe('comments slice, against the real core', () => {
  it('is loading while a fetch is pending and stores the comments on success', async () => {
    const store = makeStore();
    const pending = store.dispatch(fetchComments('p-01'));
    expect(store.getState().comments.isLoading).toBe(true);
    await pending;
    const { comments } = store.getState();
    expect(comments.isLoading).toBe(false);
    expect(comments.postComments.map((c) => c.text).sort()).toEqual([
      'Four minutes! What was the biggest win?',
      'Running the database tests in parallel. Should have done it years ago.',
    ]);
    expect(comments.postComments.find((c) => c._id === 'c-01')).toMatchObject({
      username: 'jonas_trails',
      firstName: 'Jonas',
    });
  });

  it('stops loading on failure and keeps what it had', async () => {
    const store = makeStore();
    await store.dispatch(fetchComments('p-02'));
    const before = store.getState().comments.postComments;
    const result = await store.dispatch(fetchComments('no-such-post'));
    expect(fetchComments.rejected.match(result)).toBe(true);
    expect(result.payload).toMatch(/not found/i);
    expect(store.getState().comments).toEqual({ isLoading: false, postComments: before });
  });
});
