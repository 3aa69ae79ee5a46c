// The app's screens: sign-in (with its hard-coded guest button), the home
// feed (composer, posts with likes and comments, who to follow) and the
// signed-in user's profile with its editor. Nothing here knows which backend
// answers: MirageJS first, Murmur now (src/index.jsx).
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import {
  addComment,
  createPost,
  editProfile,
  loadPosts,
  loadUsers,
  login,
  logout,
  toggleFollow,
  toggleLike,
} from './store.js';

/** Shown in place of an avatar that does not load (an image CDN out of reach). */
const FALLBACK_AVATAR =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="20" fill="#7c5cff"/></svg>',
  );

function Avatar({ user }) {
  const [src, setSrc] = useState(user.avatarURL || FALLBACK_AVATAR);
  return (
    <img
      className="avatar"
      src={src}
      alt={`${user.firstName} ${user.lastName}`}
      width="40"
      height="40"
      onError={() => setSrc(FALLBACK_AVATAR)}
    />
  );
}

function Login() {
  const dispatch = useDispatch();
  const error = useSelector((state) => state.auth.error);
  const [form, setForm] = useState({ username: '', password: '' });
  const submit = (event) => {
    event.preventDefault();
    dispatch(login(form));
  };
  return (
    <main className="login">
      <h1>Wavelet</h1>
      <form onSubmit={submit} aria-label="Log in">
        <label>
          Username <input value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} />
        </label>
        <label>
          Password{' '}
          <input
            type="password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
        </label>
        <button type="submit">Log in</button>
      </form>
      <button type="button" onClick={() => dispatch(login({ username: 'guest', password: 'guest1' }))}>
        Login As Guest
      </button>
      {error && <p role="alert">{error}</p>}
    </main>
  );
}

function Composer() {
  const dispatch = useDispatch();
  const [content, setContent] = useState('');
  const post = async (event) => {
    event.preventDefault();
    await dispatch(createPost(content));
    setContent('');
  };
  return (
    <form className="composer" onSubmit={post} aria-label="New post">
      <textarea
        aria-label="What is happening?"
        maxLength={100}
        value={content}
        onChange={(e) => setContent(e.target.value)}
      />
      <button type="submit" disabled={!content.trim()}>
        Post
      </button>
    </form>
  );
}

function PostCard({ post }) {
  const dispatch = useDispatch();
  const me = useSelector((state) => state.auth.user);
  const [text, setText] = useState('');
  const liked = post.likes.likedBy.some((u) => u.username === me.username);
  const comment = async (event) => {
    event.preventDefault();
    await dispatch(addComment({ postId: post._id, text }));
    setText('');
  };
  return (
    <article aria-label={`Post by ${post.username}`}>
      <header>
        <Avatar user={post} />
        <strong>
          {post.firstName} {post.lastName}
        </strong>{' '}
        <span>@{post.username}</span>
      </header>
      <p>{post.content}</p>
      <button type="button" aria-pressed={liked} onClick={() => dispatch(toggleLike({ postId: post._id, liked }))}>
        {liked ? 'Liked' : 'Like'} · {post.likes.likeCount}
      </button>
      <ul aria-label="Comments">
        {post.comments.map((c) => (
          <li key={c._id}>
            <strong>@{c.username}</strong> {c.text}
          </li>
        ))}
      </ul>
      <form onSubmit={comment} aria-label={`Comment on ${post.username}'s post`}>
        <input aria-label="Comment" value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" disabled={!text.trim()}>
          Reply
        </button>
      </form>
    </article>
  );
}

function WhoToFollow() {
  const dispatch = useDispatch();
  const me = useSelector((state) => state.auth.user);
  const users = useSelector((state) => state.users.all);
  return (
    <aside aria-label="Who to follow">
      <h2>Who to follow</h2>
      {users
        .filter((u) => u.username !== me.username)
        .map((user) => {
          const following = me.following.some((f) => f.username === user.username);
          return (
            <div key={user._id} className="person">
              <Avatar user={user} />
              <span>@{user.username}</span>
              <button type="button" onClick={() => dispatch(toggleFollow({ userId: user._id, following }))}>
                {following ? 'Following' : 'Follow'}
              </button>
            </div>
          );
        })}
    </aside>
  );
}

function Profile() {
  const dispatch = useDispatch();
  const me = useSelector((state) => state.auth.user);
  const [bio, setBio] = useState(me.bio);
  const save = (event) => {
    event.preventDefault();
    dispatch(editProfile({ bio }));
  };
  return (
    <section aria-label="Profile">
      <Avatar user={me} />
      <h2>
        {me.firstName} {me.lastName}
      </h2>
      <p className="bio">{me.bio}</p>
      <p>
        {me.followers.length} followers · {me.following.length} following
      </p>
      <form onSubmit={save} aria-label="Edit profile">
        <label>
          Bio <input value={bio} onChange={(e) => setBio(e.target.value)} />
        </label>
        <button type="submit">Save</button>
      </form>
    </section>
  );
}

export function App() {
  const dispatch = useDispatch();
  const token = useSelector((state) => state.auth.token);
  const posts = useSelector((state) => state.posts.all);
  const [page, setPage] = useState('home');
  useEffect(() => {
    if (!token) return;
    dispatch(loadPosts());
    dispatch(loadUsers());
  }, [dispatch, token]);
  if (!token) return <Login />;
  const latest = [...posts].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <div className="app">
      <nav>
        <button type="button" onClick={() => setPage('home')}>
          Home
        </button>
        <button type="button" onClick={() => setPage('profile')}>
          Profile
        </button>
        <button type="button" onClick={() => dispatch(logout())}>
          Log out
        </button>
      </nav>
      {page === 'profile' ? (
        <Profile />
      ) : (
        <main>
          <Composer />
          <section aria-label="Feed">
            {latest.map((post) => (
              <PostCard key={post._id} post={post} />
            ))}
          </section>
        </main>
      )}
      <WhoToFollow />
    </div>
  );
}
