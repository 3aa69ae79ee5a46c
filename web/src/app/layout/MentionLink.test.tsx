// `@name` in a post or a comment links to the profile of whoever has the
// name (docs/rules.md, "Mentions"), against the real core: a name nobody
// has stays text, and nothing typed becomes HTML or a script's link.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { postWritesApi } from '../../features/posts/postWrites';
import { commentsApi } from '../../features/comments/commentsApi';
import { authApi } from '../../features/auth/authApi';
import { notificationsApi } from '../../api/notificationsApi';
import { makeStore } from '../store';
import { stubMatchMedia } from '../../testing/matchMediaStub';
import { guestOnRealCore } from '../../testing/realCore';
import { renderRoutes } from '../../testing/render';

const session = guestOnRealCore();
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  stubMatchMedia(() => false);
});

describe('mentions', { timeout: 20_000 }, () => {
  it('link a name someone has, in any case, and leave the rest as text', async () => {
    const store = session.current();
    const content = 'Thanks @maya_lind and @THEO_BUILDS, not @nobody_here or a@b.com <b>@guest</b>';
    const posts = await store.dispatch(postWritesApi.endpoints.createPost.initiate({ content })).unwrap();
    const post = posts.at(-1)!;
    await store
      .dispatch(commentsApi.endpoints.addComment.initiate({ postId: post._id, text: 'javascript:alert(1) @guest' }))
      .unwrap();
    await renderRoutes(`/post/${post._id}`, { store });

    const card = (await screen.findAllByRole('article'))[0]!;
    const maya = await within(card).findByRole('link', { name: '@maya_lind' });
    expect(maya.getAttribute('href')).toBe('/profile/maya_lind');
    expect((await within(card).findByRole('link', { name: '@THEO_BUILDS' })).getAttribute('href')).toBe(
      '/profile/theo_builds',
    );
    const guest = await within(card).findByRole('link', { name: '@guest' });
    expect(guest.getAttribute('href')).toBe('/profile/guest');
    expect(within(card).queryByRole('link', { name: '@nobody_here' })).toBeNull();
    expect(within(card).queryByRole('link', { name: /b\.com/ })).toBeNull();
    // The text as typed, markup and all, never HTML.
    expect(card.querySelector('b')).toBeNull();
    expect(card.textContent).toContain('<b>@guest</b>');

    const comment = await screen.findByText(/javascript:alert/);
    const inComment = await within(comment).findByRole('link', { name: '@guest' });
    expect(inComment.getAttribute('href')).toBe('/profile/guest');
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
  });

  it('links a mixed-case username written in another case to that profile, whom the core notified', async () => {
    const details = { firstName: 'Maya', lastName: 'Q', username: 'Maya_Lindqvist', password: 'password123' };
    const her = makeStore();
    await her.dispatch(authApi.endpoints.signup.initiate(details)).unwrap();
    const store = session.current();
    const content = 'Shot by @maya_LINDQVIST, edited by @MAYA_LINDQVIST.';
    const post = (await store.dispatch(postWritesApi.endpoints.createPost.initiate({ content })).unwrap()).at(-1)!;
    await renderRoutes(`/post/${post._id}`, { store });

    const card = (await screen.findAllByRole('article'))[0]!;
    for (const name of ['@maya_LINDQVIST', '@MAYA_LINDQVIST'])
      expect((await within(card).findByRole('link', { name })).getAttribute('href')).toBe('/profile/Maya_Lindqvist');
    const { notifications } = await her.dispatch(notificationsApi.endpoints.getNotifications.initiate()).unwrap();
    expect(notifications.map((n) => [n.type, n.postId])).toEqual([['mention', post._id]]);
  });
});
