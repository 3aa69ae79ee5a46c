// @vitest-environment node
// Nothing answered is lost, nothing is half applied: the server (a child
// process) is killed with SIGKILL at a random moment of a write storm, again
// and again; after each restart every write it answered is there, once, and
// every post still holds its invariant (likeCount = likedBy's length).
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { LOCK_FILE } from '../persistence/directoryLock.js';
import { signIn, startChild } from './testing.js';

const CYCLES = Number(process.env.CRASH_CYCLES ?? 50);
/** Servers killed side by side, each over its own directory (the kills are shared out between them). */
const LANES = 2;
const CLIENTS = 6;

interface Post {
  _id: string;
  content: string;
  comments: { text: string }[];
  likes: { likeCount: number; likedBy: unknown[] };
}

it(`keeps every answered write through ${CYCLES} SIGKILLs in a write storm`, async () => {
  const lanes = await Promise.all(
    Array.from({ length: LANES }, (_, lane) =>
      killAgainAndAgain(Math.floor(CYCLES / LANES) + (lane < CYCLES % LANES ? 1 : 0)),
    ),
  );
  const kills = lanes.reduce((sum, lane) => sum + lane.kills, 0);
  const writes = lanes.reduce((sum, lane) => sum + lane.answered, 0);
  expect(kills).toBe(CYCLES);
  expect(writes).toBeGreaterThan(CYCLES);
  console.info(`crash test: ${kills} SIGKILLs, ${writes} answered writes, every one found after its restart`);
}, 240_000);

async function killAgainAndAgain(cycles: number): Promise<{ kills: number; answered: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-crash-'));
  const answered = new Set<string>();
  const answeredComments = new Set<string>();
  let token: string | null = null;
  let kills = 0;
  for (let cycle = 0; cycle <= cycles; cycle++) {
    // The last start answers slowly, so that SIGTERM surely finds writes in flight.
    const child = await startChild(['--state', dir, ...(cycle === cycles ? ['--latency', '400'] : [])]);
    const base = child.url;
    token ??= await signIn(base);
    // Everything answered before the last kill is there, once; nothing is there twice.
    const { posts } = (await (await fetch(`${base}api/posts`)).json()) as { posts: Post[] };
    const seen = new Map<string, number>();
    for (const post of posts) {
      seen.set(post.content, (seen.get(post.content) ?? 0) + 1);
      expect(post.likes.likeCount).toBe(post.likes.likedBy.length);
      for (const comment of post.comments) seen.set(comment.text, (seen.get(comment.text) ?? 0) + 1);
    }
    for (const content of [...answered, ...answeredComments]) expect(seen.get(content), content).toBe(1);
    for (const [content, count] of seen) if (content.startsWith('w-')) expect(count, content).toBe(1);
    if (cycle === cycles) {
      // A clean stop: writes in flight are answered, the directory is released, the status is 0.
      const inFlight = Array.from({ length: 5 }, (_, i) =>
        fetch(`${base}api/posts`, {
          method: 'POST',
          headers: { authorization: token! },
          body: JSON.stringify({ postData: { content: `last-${i}` } }),
        }).then((res) => res.status),
      );
      // SIGTERM once the server has begun all five (a request still in the
      // kernel's queue is not in flight: a stopping server never accepts it).
      const deadline = Date.now() + 20_000;
      for (;;) {
        const health = (await (await fetch(`${base}__murmur/health`)).json()) as { inFlight: number };
        if (health.inFlight >= 5) break;
        if (Date.now() > deadline) throw new Error(`the server began ${health.inFlight} of the 5 writes in 20 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      child.process.kill('SIGTERM');
      expect(await Promise.all(inFlight)).toEqual([201, 201, 201, 201, 201]);
      expect(await child.exited).toBe(0);
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
      break;
    }
    // The storm: posts, comments on them, likes and dislikes, from several clients at once.
    let stop = false;
    let firstAnswer!: () => void;
    const answeredOnce = new Promise<void>((resolve) => (firstAnswer = resolve));
    const client = async (id: number) => {
      for (let i = 0; !stop; i++) {
        const content = `w-${dir.slice(-6)}-${cycle}-${id}-${i}`;
        try {
          const res = await fetch(`${base}api/posts`, {
            method: 'POST',
            headers: { authorization: token! },
            body: JSON.stringify({ postData: { content } }),
          });
          if (res.status !== 201) throw new Error(`answered ${res.status}`);
          answered.add(content);
          firstAnswer();
          const mine = ((await res.json()) as { posts: Post[] }).posts.find((p) => p.content === content);
          if (!mine) continue;
          const comment = `w-c-${cycle}-${id}-${i}`;
          const added = await fetch(`${base}api/comments/add/${mine._id}`, {
            method: 'POST',
            headers: { authorization: token! },
            body: JSON.stringify({ commentData: comment }),
          });
          if (added.status === 201) answeredComments.add(comment);
          await fetch(`${base}api/posts/like/${mine._id}`, { method: 'POST', headers: { authorization: token! } });
          if (i % 2 === 0) {
            await fetch(`${base}api/posts/dislike/${mine._id}`, { method: 'POST', headers: { authorization: token! } });
          }
        } catch {
          return; // the server is gone
        }
      }
    };
    const storm = Promise.all(Array.from({ length: CLIENTS }, (_, id) => client(id)));
    // A random moment of the storm, once it is under way (every cycle has answered writes to check).
    await answeredOnce;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 200));
    child.process.kill('SIGKILL');
    kills += 1;
    stop = true;
    await child.exited;
    await storm;
  }
  return { kills, answered: answered.size + answeredComments.size };
}
