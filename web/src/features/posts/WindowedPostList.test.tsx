import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Post } from '../../api/models';
import { testPost } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { FIRST_PASS_COUNT, WindowedPostList } from './WindowedPostList';

function post(n: number): Post {
  const at = new Date(Date.now() - n * 60_000).toISOString();
  return testPost(`p-${n}`, { content: `Post number ${n}`, createdAt: at, updatedAt: at });
}

describe('WindowedPostList', () => {
  it('commits the first screen of cards first, then the rest, in order', async () => {
    const posts = [1, 2, 3, 4, 5].map(post);
    // The cards added to the list after it was put in the DOM (those in its
    // first commit came with it). Observer records are read after all the
    // commits, so only direct additions tell the commits apart.
    const added: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement && node.matches('li[data-post-id]')) added.push(node.dataset.postId ?? '');
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderWithProviders(<WindowedPostList posts={posts} />);
    expect(await screen.findAllByRole('article')).toHaveLength(5);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the observer's last records
    observer.disconnect();
    expect(FIRST_PASS_COUNT).toBe(2);
    expect(added).toEqual(['p-3', 'p-4', 'p-5']);
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-posinset'))).toEqual(['1', '2', '3', '4', '5']);
  });

  it('shows a short list whole once rendered, and says so when there is none', async () => {
    const { rerender } = renderWithProviders(<WindowedPostList posts={[post(1)]} />);
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    rerender(<WindowedPostList posts={[]} emptyMessage="Nothing here" />);
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
  });
});
