import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore, type AppStore } from '../app/store';
import { follows, whoToFollow } from '../features/users/follows';
import { guestOnRealCore, signIn, withForgedToken } from '../testing/realCore';
import { usersApi } from './usersApi';
import { userWritesApi } from '../features/users/userWrites';
import { postsApi } from './postsApi';
import type { UserEdit } from './models';

const session = guestOnRealCore();
let store: AppStore;
beforeEach(async () => {
  store = session.current();
  await store.dispatch(usersApi.endpoints.getUsers.initiate()).unwrap();
});

const users = () => usersApi.endpoints.getUsers.select()(store.getState()).data ?? [];
const user = (username: string) => {
  const found = users().find((u) => u.username === username);
  if (!found) throw new Error(`no user ${username}`);
  return found;
};
const followerNames = (username: string) =>
  user(username)
    .followers.map((f) => f.username)
    .sort();
const me = () => store.getState().session.user!;
const suggestions = () => whoToFollow(users(), me());

describe('users through RTK Query, against the real core', () => {
  it('reads every user, without passwords', () => {
    expect(users()).toHaveLength(6);
    expect(users().map((u) => u.username)).toContain('guest');
    for (const u of users()) expect(u).not.toHaveProperty('password');
  });

  it('Who to Follow leaves out the signed-in user and those already followed', () => {
    const suggested = suggestions().map((u) => u.username);
    const following = me().following.map((f) => f.username);
    expect(following.length).toBeGreaterThan(0);
    expect(suggested).not.toContain('guest');
    for (const name of following) expect(suggested).not.toContain(name);
    expect(suggested.length + following.length + 1).toBe(6);
  });

  it('Who to Follow suggests at most five at a time, in the users order, the next coming in as one is followed', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ ...me(), _id: `u-x${i}`, username: `x${i}` }));
    const everyone = [me(), ...many];
    expect(whoToFollow(everyone, me()).map((u) => u.username)).toEqual(['x0', 'x1', 'x2', 'x3', 'x4']);
    const following = [...me().following, { ...many[0]!, avatarURL: '' }];
    expect(whoToFollow(everyone, { ...me(), following }).map((u) => u.username)).toEqual([
      'x1',
      'x2',
      'x3',
      'x4',
      'x5',
    ]);
    expect(whoToFollow(everyone, me(), 2)).toHaveLength(2);
  });

  it('follow shows at once, then the answer replaces the users and the signed-in user, keeping the token', async () => {
    const [target] = suggestions();
    const token = store.getState().session.token;
    const followingBefore = me().following.length;
    expect(follows(me(), target!._id)).toBe(false);

    const pending = store.dispatch(userWritesApi.endpoints.followUser.initiate(target!));
    expect(follows(me(), target!._id)).toBe(true);
    expect(followerNames(target!.username)).toContain('guest');
    await pending.unwrap();

    expect(follows(me(), target!._id)).toBe(true);
    expect(me().following).toHaveLength(followingBefore + 1);
    expect(followerNames(target!.username)).toContain('guest');
    expect(user('guest').following).toHaveLength(followingBefore + 1);
    expect(store.getState().session.token).toBe(token);
    expect(suggestions().map((u) => u._id)).not.toContain(target!._id);
  });

  it('unfollow does the reverse', async () => {
    const followed = me().following[0]!;
    expect(followerNames(followed.username)).toContain('guest');
    await store.dispatch(userWritesApi.endpoints.unfollowUser.initiate(followed)).unwrap();
    expect(follows(me(), followed._id)).toBe(false);
    expect(followerNames(followed.username)).not.toContain('guest');
    expect(suggestions().map((u) => u._id)).toContain(followed._id);
  });

  it('a follow the core refuses (another tab followed first) is taken back', async () => {
    const [target] = suggestions();
    const other = makeStore();
    await signIn(other);
    await other.dispatch(userWritesApi.endpoints.followUser.initiate(target!)).unwrap();
    const before = store.getState();

    const pending = store.dispatch(userWritesApi.endpoints.followUser.initiate(target!));
    expect(follows(me(), target!._id)).toBe(true);
    await expect(pending.unwrap()).rejects.toMatchObject({ message: 'User Already following' });

    expect(store.getState().session).toEqual(before.session);
    expect(users()).toEqual(usersApi.endpoints.getUsers.select()(before).data);
  });

  it('an unfollow the core refuses is taken back', async () => {
    const followed = me().following[0]!;
    const other = makeStore();
    await signIn(other);
    await other.dispatch(userWritesApi.endpoints.unfollowUser.initiate(followed)).unwrap();
    const before = store.getState();

    const pending = store.dispatch(userWritesApi.endpoints.unfollowUser.initiate(followed));
    expect(follows(me(), followed._id)).toBe(false);
    await expect(pending.unwrap()).rejects.toMatchObject({ message: 'User already not following' });

    expect(store.getState().session).toEqual(before.session);
    expect(users()).toEqual(usersApi.endpoints.getUsers.select()(before).data);
  });

  it('refuses following oneself, changing nothing', async () => {
    const before = store.getState();
    await expect(store.dispatch(userWritesApi.endpoints.followUser.initiate(me())).unwrap()).rejects.toMatchObject({
      message: 'You cannot follow yourself',
    });
    expect(store.getState().session).toEqual(before.session);
  });

  it('a profile edit replaces the stored and listed user, keeps the token, and reaches the posts', async () => {
    const token = store.getState().session.token;
    const edit: UserEdit = {
      firstName: 'Gwen',
      lastName: 'Visitor',
      bio: 'New bio',
      website: 'https://example.com/me',
      avatarURL: '/avatars/preset-3.svg',
    };
    await store.dispatch(userWritesApi.endpoints.editUser.initiate(edit)).unwrap();
    expect(me()).toMatchObject({ username: 'guest', ...edit });
    expect(user('guest')).toMatchObject(edit);
    expect(store.getState().session.token).toBe(token);

    const posts = await store.dispatch(postsApi.endpoints.getPosts.initiate()).unwrap();
    const mine = posts.filter((p) => p.username === 'guest');
    expect(mine.length).toBeGreaterThan(0);
    for (const post of mine) {
      expect(post).toMatchObject({ firstName: 'Gwen', lastName: 'Visitor', avatarURL: '/avatars/preset-3.svg' });
    }
  });

  it('a profile edit that tries to change the username is refused, changing nothing', async () => {
    const before = store.getState();
    const sneaky = { bio: 'changed', username: 'someone_else' } as UserEdit;
    await expect(store.dispatch(userWritesApi.endpoints.editUser.initiate(sneaky)).unwrap()).rejects.toMatchObject({
      message: 'Username cannot be changed',
    });
    expect(store.getState().session).toEqual(before.session);
    await store.dispatch(usersApi.endpoints.getUsers.initiate(undefined, { forceRefetch: true })).unwrap();
    expect(user('guest').bio).toBe(before.session.user!.bio);
  });

  it('a forged token is refused and ends that session', async () => {
    const good = store.getState().session;
    const forged = withForgedToken(store);
    await expect(
      forged.dispatch(userWritesApi.endpoints.editUser.initiate({ bio: 'hacked' })).unwrap(),
    ).rejects.toEqual({
      status: 401,
      message: 'The token is invalid. Unauthorized access error.',
    });
    await vi.waitFor(() => expect(forged.getState().session).toEqual({ user: null, token: null }));
    await store.dispatch(usersApi.endpoints.getUsers.initiate(undefined, { forceRefetch: true })).unwrap();
    expect(user('guest').bio).toBe(good.user!.bio);
  });
});
