import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { postsApi } from '../../api/postsApi';
import type { Post } from '../../api/models';
import { makeStore } from '../../app/store';
import { testPost, testUser } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { PostCard } from './PostCard';
import { PostComposer } from './PostComposer';

const me = testUser({ bookmarks: ['p-2'] });

function post(overrides: Partial<Post> = {}): Post {
  return testPost('p-1', {
    content: 'Hello <b>world</b>',
    hashtags: '#hi',
    likes: { likeCount: 1, likedBy: [{ ...me }], dislikedBy: [] },
    ...overrides,
  });
}

/** A store signed in as `me` whose cached bookmark ids are `bookmarks`. */
function signedIn(bookmarks: string[] = []) {
  const store = makeStore({ preloadedState: { session: { user: me, token: 't' } } });
  void store.dispatch(postsApi.util.upsertQueryData('getBookmarks', undefined, bookmarks));
  return { store };
}

describe('PostCard', () => {
  it('shows text as text, the relative time and a profile link', () => {
    renderWithProviders(<PostCard post={post()} />, signedIn());
    expect(screen.getByText('Hello <b>world</b>')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByText('5 minutes ago').tagName).toBe('TIME');
    expect(screen.getByRole('link', { name: 'Maya Lindqvist' })).toHaveAttribute('href', '/profile/maya_lind');
    expect(screen.getByText('Liked by Guest User')).toBeInTheDocument();
  });

  it('fills the heart when the user likes it and the bookmark when saved', async () => {
    renderWithProviders(<PostCard post={post({ _id: 'p-2' })} />, signedIn(['p-2']));
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('button', { name: 'Bookmark', pressed: true })).toBeInTheDocument();
  });

  it('leaves both toggles off otherwise', () => {
    const unliked = post({ likes: { likeCount: 0, likedBy: [], dislikedBy: [] } });
    renderWithProviders(<PostCard post={unliked} />, signedIn());
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText(/^Liked by/)).toBeNull();
  });

  it('gives the author alone the edit/delete menu', async () => {
    const { unmount } = renderWithProviders(<PostCard post={post()} />, signedIn());
    expect(screen.queryByRole('button', { name: 'Post options' })).toBeNull();
    unmount();
    renderWithProviders(<PostCard post={post({ username: 'guest' })} />, signedIn());
    await userEvent.click(screen.getByRole('button', { name: 'Post options' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
  });

  it('renders the .mp4 media as a video and links to the comments', () => {
    const comment = {
      _id: 'c-1',
      text: 'Nice',
      username: 'theo_builds',
      firstName: 'Theo',
      lastName: 'Marchetti',
      avatarURL: '',
      votes: { upvotedBy: [], downvotedBy: [] },
      createdAt: '2026-01-01T10:00:00+00:00',
      updatedAt: '2026-01-01T10:00:00+00:00',
    };
    renderWithProviders(<PostCard post={post({ mediaURL: '/seed/waves.mp4', comments: [comment] })} />, signedIn());
    const video = document.querySelector('video');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('src', '/seed/waves.mp4');
    expect(screen.getByRole('link', { name: 'View all 1 comment' })).toHaveAttribute('href', '/post/p-1');
  });

  it("shows a video's first frame and a play button; the browser's controls come with playing", async () => {
    renderWithProviders(<PostCard post={post({ mediaURL: '/seed/waves.mp4' })} />, signedIn());
    const video = document.querySelector('video')!;
    let played = 0;
    video.play = () => {
      played += 1;
      return Promise.resolve();
    };
    expect(video).not.toHaveAttribute('controls');
    await userEvent.click(screen.getByRole('button', { name: 'Play the video shared by Maya Lindqvist' }));
    expect(video).toHaveAttribute('controls');
    expect(played).toBe(1);
    expect(video).toHaveFocus();
    expect(screen.queryByRole('button', { name: /Play the video/ })).toBeNull();
  });

  it('keeps the controls when the browser refuses to play', async () => {
    renderWithProviders(<PostCard post={post({ mediaURL: '/seed/waves.mp4' })} />, signedIn());
    const video = document.querySelector('video')!;
    video.play = () => Promise.reject(new DOMException('blocked', 'NotAllowedError'));
    await userEvent.click(screen.getByRole('button', { name: 'Play the video shared by Maya Lindqvist' }));
    expect(video).toHaveAttribute('controls');
  });

  it('offers a seed photo as WebP at the width it is drawn, with its JPEG for other browsers; an upload as it is', () => {
    const { unmount } = renderWithProviders(<PostCard post={post({ mediaURL: '/seed/city.jpg' })} />, signedIn());
    const image = screen.getByRole('img', { name: /Image shared by/ });
    expect(image).toHaveAttribute('src', '/seed/city.jpg');
    const source = image.parentElement?.querySelector('source');
    expect(image.parentElement?.tagName).toBe('PICTURE');
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source).toHaveAttribute('srcset', '/seed/city-640.webp 640w, /seed/city-1200.webp 1200w');
    expect(source).toHaveAttribute('sizes', '(max-width: 699px) 100vw, 600px');
    unmount();
    renderWithProviders(<PostCard post={post({ mediaURL: '/seed/mine.jpg' })} />, signedIn());
    expect(screen.getByRole('img', { name: /Image shared by/ }).parentElement?.tagName).not.toBe('PICTURE');
  });
});

describe('PostComposer', () => {
  it('keeps Post disabled while the text is blank and counts code points', async () => {
    renderWithProviders(<PostComposer />, signedIn());
    const post = screen.getByRole('button', { name: 'Post' });
    expect(post).toBeDisabled();
    const text = screen.getByRole('textbox', { name: "What's on your mind?" });
    await userEvent.type(text, '   ');
    expect(post).toBeDisabled();
    await userEvent.type(text, 'hi 👋');
    expect(post).toBeEnabled();
    expect(screen.getByText(/^7\/100/)).toBeInTheDocument();
  });
});
