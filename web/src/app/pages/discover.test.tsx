import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppStore } from '../../app/store';
import { TaggedText } from '../../components/TaggedText';
import { TagPage } from '../../features/posts/TagPage';
import { renderWithProviders } from '../../testing/render';
import { guestOnRealCore } from '../../testing/realCore';
import { HeaderSearch } from '../layout/HeaderSearch';
import { SearchPage } from './SearchPage';

const session = guestOnRealCore();
let store: AppStore;
beforeEach(() => {
  store = session.current();
});

function Where() {
  const location = useLocation();
  return <output aria-label="Location">{location.pathname + location.search}</output>;
}

function renderAt(route: string, header = false) {
  return renderWithProviders(
    <>
      {header && <HeaderSearch />}
      <Routes>
        <Route path="/tag/:tag" element={<TagPage />} />
        <Route path="/search" element={<SearchPage />} />
        <Route path="/profile/:username" element={<h1>Profile page</h1>} />
        <Route path="/" element={<h1>Home page</h1>} />
      </Routes>
      <Where />
    </>,
    { store, route },
  );
}

const location = () => screen.getByRole('status', { name: 'Location' }).textContent;

// Generous: these talk to the real core and share the machine with other runs.
describe('discovery', { timeout: 20_000 }, () => {
  it('links every #tag of a text to its feed, as text', () => {
    renderWithProviders(<TaggedText text={'<b>x</b> #Café, #日本! no#tag'} />, { store });
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['#Café', '/tag/caf%C3%A9'],
      ['#日本', '/tag/%E6%97%A5%E6%9C%AC'],
    ]);
    expect(screen.getByText(/<b>x<\/b>/)).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
  });

  it("shows a tag's posts newest first with the count", async () => {
    renderAt('/tag/Photography');
    expect(screen.getByRole('heading', { level: 1, name: '#photography' })).toBeInTheDocument();
    expect(await screen.findByText('2 posts')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    const times = screen.getAllByRole('article').map((a) => Date.parse(a.querySelector('time')!.dateTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('says so when a tag has no posts, and when it is not a hashtag', async () => {
    renderAt('/tag/nothinghere');
    expect(await screen.findByText('No posts with #nothinghere yet')).toBeInTheDocument();
    expect(screen.getByText('0 posts')).toBeInTheDocument();
  });

  it('refuses a tag that is not a hashtag with the core message', async () => {
    renderAt('/tag/not-a-tag');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This tag cannot be shown');
    expect(alert).toHaveTextContent('Tag must be a hashtag');
  });

  it('lists people, tags and posts on the results page, and a clear empty state', async () => {
    renderAt('/search?q=photo');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tags' })).toBeInTheDocument();
    const tags = within(screen.getByRole('region', { name: 'Tags' }));
    expect(tags.getByRole('link', { name: '#photography' })).toHaveAttribute('href', '/tag/photography');
    expect(tags.getByText('2 posts')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));

    renderAt('/search?q=zebra');
    expect(await screen.findByText('No results for “zebra”')).toBeInTheDocument();
  });

  it('suggests as you type; arrows, Enter and Escape work the list', async () => {
    const user = userEvent.setup();
    renderAt('/', true);
    const box = screen.getByRole('combobox', { name: 'Search people, posts and tags' });
    await user.type(box, 'maya');
    const list = await screen.findByRole('listbox', { name: 'Search suggestions' });
    await waitFor(() => expect(within(list).getByRole('option', { name: /Maya Lindqvist/ })).toBeInTheDocument());
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    const first = within(screen.getByRole('listbox', { name: 'Search suggestions' })).getAllByRole('option')[0]!;
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{Enter}');
    expect(location()).toBe('/profile/maya_lind');
  });

  it('opens the results page on Enter with nothing chosen', async () => {
    const user = userEvent.setup();
    renderAt('/', true);
    await user.type(screen.getByRole('combobox'), 'zebra{Enter}');
    expect(location()).toBe('/search?q=zebra');
    expect(await screen.findByText('No results for “zebra”')).toBeInTheDocument();
  });
});
