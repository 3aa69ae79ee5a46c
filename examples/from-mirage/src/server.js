// The app's MirageJS server, as such apps write it: the fixtures loaded into
// Mirage's in-memory store, one handler per route. Nothing of it survives a
// reload.
import { Model, Response, RestSerializer, Server } from 'miragejs';

const summary = ({ _id, firstName, lastName, username, avatarURL }) => ({
  _id,
  firstName,
  lastName,
  username,
  avatarURL,
});
const encode = (user) => btoa(JSON.stringify({ _id: user._id, username: user.username }));
const signedIn = (schema, request) => {
  try {
    const { username } = JSON.parse(atob(request.requestHeaders.authorization));
    return schema.users.findBy({ username });
  } catch {
    return null;
  }
};
const refuse = (status, message) => new Response(status, {}, { errors: [message] });

export function makeServer({ users, posts }) {
  return new Server({
    serializers: { application: RestSerializer },
    models: { user: Model, post: Model },
    seeds(server) {
      users.forEach((user) => server.create('user', { ...user, id: user._id }));
      posts.forEach((post) => server.create('post', { ...post, id: post._id }));
    },
    routes() {
      this.namespace = 'api';
      this.post('/auth/login', (schema, request) => {
        const { username, password } = JSON.parse(request.requestBody);
        const user = schema.users.findBy({ username });
        if (!user || user.password !== password)
          return refuse(401, 'The credentials you entered are invalid. Unauthorized access error.');
        return new Response(200, {}, { foundUser: user.attrs, encodedToken: encode(user) });
      });
      this.get('/posts', (schema) => ({ posts: schema.posts.all().models.map((p) => p.attrs) }));
      this.get('/users', (schema) => ({ users: schema.users.all().models.map((u) => u.attrs) }));
      const all = (schema) => ({ posts: schema.posts.all().models.map((p) => p.attrs) });
      this.post('/posts', (schema, request) => {
        const user = signedIn(schema, request);
        if (!user) return refuse(401, 'The token is invalid. Unauthorized access error.');
        const { content } = JSON.parse(request.requestBody).postData;
        const _id = crypto.randomUUID();
        const now = new Date().toISOString();
        schema.posts.create({
          id: _id,
          _id,
          content,
          mediaURL: '',
          likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
          comments: [],
          ...summary(user.attrs),
          createdAt: now,
          updatedAt: now,
        });
        return new Response(201, {}, all(schema));
      });
      this.post('/posts/like/:postId', (schema, request) => {
        const user = signedIn(schema, request);
        const post = schema.posts.find(request.params.postId);
        const likes = { ...post.likes, likeCount: post.likes.likeCount + 1 };
        likes.likedBy = [...likes.likedBy, summary(user.attrs)];
        post.update({ likes });
        return all(schema);
      });
      this.post('/posts/dislike/:postId', (schema, request) => {
        const user = signedIn(schema, request);
        const post = schema.posts.find(request.params.postId);
        const likedBy = post.likes.likedBy.filter((u) => u.username !== user.username);
        post.update({ likes: { ...post.likes, likeCount: post.likes.likeCount - 1, likedBy } });
        return all(schema);
      });
      this.post('/comments/add/:postId', (schema, request) => {
        const user = signedIn(schema, request);
        const post = schema.posts.find(request.params.postId);
        const text = JSON.parse(request.requestBody).commentData;
        const now = new Date().toISOString();
        const comment = { _id: crypto.randomUUID(), ...summary(user.attrs), text, createdAt: now, updatedAt: now };
        post.update({ comments: [...post.comments, comment] });
        return all(schema);
      });
      const follow = (schema, request, on) => {
        const user = signedIn(schema, request);
        const other = schema.users.find(request.params.userId);
        const following = user.following.filter((u) => u.username !== other.username);
        const followers = other.followers.filter((u) => u.username !== user.username);
        user.update({ following: on ? [...following, summary(other.attrs)] : following });
        other.update({ followers: on ? [...followers, summary(user.attrs)] : followers });
        return { user: user.attrs, allUsers: schema.users.all().models.map((u) => u.attrs) };
      };
      this.post('/users/follow/:userId', (schema, request) => follow(schema, request, true));
      this.post('/users/unfollow/:userId', (schema, request) => follow(schema, request, false));
      this.post('/users/edit', (schema, request) => {
        const user = signedIn(schema, request);
        user.update(JSON.parse(request.requestBody).userData);
        return new Response(201, {}, { user: user.attrs });
      });
    },
  });
}
