import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSearchQuery } from '../../api/apiSlice';
import type { Post } from '../../api/models';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { tagPath } from '../../lib/hashtags';
import { PostList } from '../../features/posts/PostList';
import { usePosts } from '../../features/posts/usePosts';
import { UserRow } from '../../features/users/UserRow';

export function searchPath(q: string): string {
  return `/search?q=${encodeURIComponent(q)}`;
}

/** Search results (`/search?q=`): people, tags and posts, each best first. */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const result = useSearchQuery({ q, limit: 50 }, { skip: !q, refetchOnMountOrArgChange: true });
  const { posts: allPosts } = usePosts();
  const posts = useMemo(() => {
    const live = new Map(allPosts.map((p) => [p._id, p]));
    return (result.data?.posts ?? []).map((p): Post => live.get(p._id) ?? p);
  }, [allPosts, result.data]);
  const data = result.data;
  const nothing = data && data.users.length === 0 && data.tags.length === 0 && data.posts.length === 0;

  return (
    <div className="posts-page search-page">
      <h1 className="page-title">{q ? `Results for “${q}”` : 'Search'}</h1>
      <SearchForm key={q} initial={q} />
      {!q ? (
        <p className="empty-state">Find people by name or username, and posts by their words or tags.</p>
      ) : result.isLoading ? (
        <Spinner label="Searching" />
      ) : result.isError ? (
        <p className="empty-state" role="alert">
          {errorMessage(result.error)}
        </p>
      ) : nothing ? (
        <div className="empty-state" role="status">
          <p className="empty-state__title">No results for “{q}”</p>
          <p>Try another word, part of a name, or a #tag.</p>
        </div>
      ) : (
        data && (
          <>
            {data.users.length > 0 && (
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
            {data.tags.length > 0 && (
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
            {posts.length > 0 && (
              <section aria-labelledby="search-posts">
                <h2 id="search-posts" className="search-page__heading">
                  Posts
                </h2>
                <PostList posts={posts} />
              </section>
            )}
          </>
        )
      )}
    </div>
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
