import { Link, redirect, useLoaderData } from 'react-router';
import { currentSession, getFeed } from '../api';
import { PostCard } from './PostCard';

export async function homeLoader() {
  if (!currentSession()) return redirect('/signin');
  return getFeed();
}

export function Home() {
  const { total, posts } = useLoaderData() as Awaited<ReturnType<typeof getFeed>>;
  return (
    <section aria-labelledby="home-title">
      <h2 id="home-title">Home</h2>
      <p className="meta">{total} posts from you and the people you follow</p>
      <ul aria-label="Feed">
        {posts.map((post) => (
          <li key={post._id}>
            <PostCard post={post}>
              <Link to={`/post/${encodeURIComponent(post._id)}`}>Open</Link>
            </PostCard>
          </li>
        ))}
      </ul>
    </section>
  );
}
