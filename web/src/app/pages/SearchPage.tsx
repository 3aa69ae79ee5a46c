import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FRESH_FOR_SECONDS } from '../../api/apiSlice';
import { SEARCH_LIST_LIMIT, useSearchQuery } from '../../features/search/searchApi';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { tagPath } from '../../lib/hashtags';
import { Feed } from '../../features/posts/Feed';
import { usePostList } from '../../features/posts/useFeed';
import { UserRow } from '../../features/users/UserRow';
import { searchPath } from '../layout/HeaderSearch';

/** Search results (`/search?q=`): people, tags and posts, each best first; the posts to the last as the page scrolls. */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  return q ? <Results key={q} q={q} /> : <Search q="" />;
}

function Search({ q, children }: { q: string; children?: ReactNode }) {
  return (
    <div className="posts-page search-page">
      <h1 className="page-title">{q ? `Results for “${q}”` : 'Search'}</h1>
      <SearchForm key={q} initial={q} />
      {children ?? <p className="empty-state">Find people by name or username, and posts by their words or tags.</p>}
    </div>
  );
}

function Results({ q }: { q: string }) {
  const result = useSearchQuery({ q, limit: SEARCH_LIST_LIMIT }, { refetchOnMountOrArgChange: FRESH_FOR_SECONDS });
  const found = usePostList({ scope: 'search', q }, { quiet: true });
  const data = result.data;
  const loading = result.isLoading || found.loading;
  const nothing = data && data.users.length === 0 && data.tags.length === 0 && found.total === 0;

  return (
    <Search q={q}>
      {loading ? (
        <Spinner label="Searching" />
      ) : result.isError || found.failed ? (
        <p className="empty-state" role="alert">
          {errorMessage(result.error ?? found.error)}
        </p>
      ) : nothing ? (
        <div className="empty-state" role="status">
          <p className="empty-state__title">No results for “{q}”</p>
          <p>Try another word, part of a name, or a #tag.</p>
        </div>
      ) : (
        <>
          {data && data.users.length > 0 && (
            <section aria-labelledby="search-people">
              <h2 id="search-people" className="search-page__heading">
                People
              </h2>
              <ul className="user-list">
                {data.users.map((user) => (
                  <UserRow key={user._id} user={user} />
                ))}
              </ul>
            </section>
          )}
          {data && data.tags.length > 0 && (
            <section aria-labelledby="search-tags">
              <h2 id="search-tags" className="search-page__heading">
                Tags
              </h2>
              <ul className="search-page__tags">
                {data.tags.map((t) => (
                  <li key={t.tag}>
                    <Link className="hashtag" to={tagPath(t.tag)}>
                      #{t.tag}
                    </Link>{' '}
                    <span className="muted">{t.count === 1 ? '1 post' : `${t.count} posts`}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {found.total > 0 && (
            <section aria-labelledby="search-posts">
              <h2 id="search-posts" className="search-page__heading">
                Posts <span className="muted">({found.total})</span>
              </h2>
              <Feed
                posts={found.posts}
                total={found.total}
                loadMore={found.loadMore}
                filters={false}
                emptyState={null}
              />
            </section>
          )}
        </>
      )}
    </Search>
  );
}

/** The page's own search field (the one on phones, where the header has none). */
function SearchForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) navigate(searchPath(text.trim()));
  }
  return (
    <form role="search" className="search-page__form" onSubmit={submit}>
      <label htmlFor="search-page-input" className="visually-hidden">
        Search people, posts and tags
      </label>
      <input
        id="search-page-input"
        type="search"
        className="header-search__input"
        placeholder="Search Murmur"
        maxLength={100}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn">
        Search
      </button>
    </form>
  );
}
