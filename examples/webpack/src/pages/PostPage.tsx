import { useFetcher, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { currentSession, getPost, like, type Post } from '../api';
import { PostCard } from './PostCard';

export const postLoader = ({ params }: LoaderFunctionArgs) => getPost(params.id ?? '');

/** Likes or unlikes; the loader then runs again, so the page shows the new count. */
export async function likeAction({ params, request }: ActionFunctionArgs) {
  const form = await request.formData();
  try {
    await like(params.id ?? '', form.get('intent') === 'like');
    return null;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

export function PostPage() {
  const post = useLoaderData() as Post;
  const fetcher = useFetcher<typeof likeAction>();
  const username = currentSession()?.username;
  const liked = post.likes.likedBy.some((user) => user.username === username);
  return (
    <section aria-label="Post">
      <PostCard post={post}>
        <fetcher.Form method="post" style={{ display: 'inline' }}>
          <button name="intent" value={liked ? 'unlike' : 'like'} disabled={fetcher.state !== 'idle'}>
            {liked ? 'Unlike' : 'Like'}
          </button>
        </fetcher.Form>
      </PostCard>
      {fetcher.data?.error && <p role="alert">{fetcher.data.error}</p>}
      <h3>Comments</h3>
      <ul aria-label="Comments">
        {post.comments.map((comment) => (
          <li key={comment._id}>
            <strong>@{comment.username}</strong> {comment.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
