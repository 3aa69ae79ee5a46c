// A MirageJS implementation of the three endpoints the bench times, written
// the way the original app's Mirage backend did it: models in Mirage's
// in-memory db, handlers bound to the server, whole-post lists in answers.
// It does strictly less work than our core (no password hashing, no signed
// token, no checks beyond the ones below), which only favours Mirage.
import { createServer, Model, Response, type Server } from 'miragejs';

type Handler = NonNullable<Parameters<Server['post']>[1]>;

export interface MirageUser {
  id: string;
  _id: string;
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  avatarURL: string;
  [key: string]: unknown;
}

interface LikeSummary {
  _id: string;
  firstName: string;
  lastName: string;
  username: string;
  avatarURL: string;
}

interface MiragePost {
  id: string;
  _id: string;
  likes: { likeCount: number; likedBy: LikeSummary[]; dislikedBy: LikeSummary[] };
  [key: string]: unknown;
}

export interface MirageData {
  users: MirageUser[];
  posts: MiragePost[];
}

const encodeToken = (user: MirageUser) => btoa(JSON.stringify({ _id: user._id, username: user.username }));

function decodeToken(token: string | null | undefined): { username: string } | null {
  try {
    return token ? (JSON.parse(atob(token)) as { username: string }) : null;
  } catch {
    return null;
  }
}

/**
 * Starts Mirage over `data`. `timing` undefined keeps Mirage's default (400 ms
 * in the development environment); 0 answers at once.
 */
export function startMirage(data: MirageData, timing?: number) {
  return createServer({
    environment: 'development',
    models: { user: Model, post: Model },
    seeds(server) {
      server.db.loadData({ users: data.users, posts: data.posts });
    },
    routes() {
      this.namespace = 'api';
      if (timing !== undefined) this.timing = timing;
      const table = (name: 'users' | 'posts') => {
        const collection = this.db?.[name];
        if (!collection) throw new Error(`Mirage has no ${name} table`);
        return collection;
      };

      this.get('/posts', () => new Response(200, {}, { posts: table('posts') }));

      this.post('/auth/login', (_schema, request) => {
        const { username, password } = JSON.parse(request.requestBody) as { username: string; password: string };
        const user = table('users').findBy({ username }) as MirageUser | null;
        if (!user)
          return new Response(404, {}, { errors: ['The username you entered is not Registered. Not Found error'] });
        if (user.password !== password) {
          return new Response(
            401,
            {},
            { errors: ['The credentials you entered are invalid. Unauthorized access error.'] },
          );
        }
        const foundUser: Partial<MirageUser> = { ...user };
        delete foundUser.password;
        return new Response(200, {}, { foundUser, encodedToken: encodeToken(user) });
      });

      const setLike =
        (up: boolean): Handler =>
        (_schema, request) => {
          const headers = request.requestHeaders as Record<string, string | undefined>;
          const claims = decodeToken(headers.authorization ?? headers.Authorization);
          const user = claims ? (table('users').findBy({ username: claims.username }) as MirageUser | null) : null;
          if (!user) return new Response(401, {}, { errors: ['The token is invalid. Unauthorized access error.'] });
          const id = request.params.postId ?? '';
          const post = table('posts').findBy({ _id: id }) as MiragePost | null;
          if (!post) return new Response(404, {}, { errors: [`No post with id ${id}`] });
          const me: LikeSummary = {
            _id: user._id,
            firstName: user.firstName,
            lastName: user.lastName,
            username: user.username,
            avatarURL: user.avatarURL,
          };
          const likes = post.likes;
          const liked = likes.likedBy.some((u) => u._id === me._id);
          if (up) {
            if (liked) return new Response(400, {}, { errors: ['Cannot like a post that is already liked.'] });
            likes.dislikedBy = likes.dislikedBy.filter((u) => u._id !== me._id);
            likes.likedBy = [...likes.likedBy, me];
          } else {
            if (!liked) return new Response(400, {}, { errors: ['Cannot decrement like less than 0.'] });
            likes.likedBy = likes.likedBy.filter((u) => u._id !== me._id);
            likes.dislikedBy = [...likes.dislikedBy, me];
          }
          likes.likeCount = likes.likedBy.length;
          table('posts').update({ _id: id }, { ...post, likes, updatedAt: new Date().toISOString() });
          return new Response(200, {}, { posts: table('posts') });
        };
      this.post('/posts/like/:postId', setLike(true));
      this.post('/posts/dislike/:postId', setLike(false));
    },
  });
}
