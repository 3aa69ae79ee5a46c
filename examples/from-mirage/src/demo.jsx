// The package's own demo data (no `seed`: six users and twelve posts) on the
// files `murmur-backend init` laid out: its avatars, photos and video are
// served by this site, so they show with nothing but this host reachable.
// The e2e test opens /demo.html to check that init's media are all there.
import { startMurmurBackend } from '@murmur/backend';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import './style.css';

function Demo() {
  const [posts, setPosts] = useState([]);
  useEffect(() => {
    void fetch('/api/posts')
      .then((res) => res.json())
      .then((body) => setPosts(body.posts));
  }, []);
  return (
    <main className="demo">
      <section aria-label="Demo feed">
        {posts.map((post) => (
          <article key={post._id} aria-label={`Post by ${post.username}`}>
            <header>
              <img className="avatar" src={post.avatarURL} alt={post.username} width="40" height="40" />
              <strong>@{post.username}</strong>
            </header>
            <p>{post.content}</p>
            {post.mediaURL.includes('.mp4') ? (
              <video className="demo-image" src={post.mediaURL} muted />
            ) : (
              post.mediaURL && <img className="demo-image" src={post.mediaURL} alt="" />
            )}
          </article>
        ))}
      </section>
    </main>
  );
}

const root = createRoot(document.getElementById('root'));
startMurmurBackend({ persist: 'memory', wasmUrl: '/mock_core_bg.wasm' }).then(() => root.render(<Demo />));
