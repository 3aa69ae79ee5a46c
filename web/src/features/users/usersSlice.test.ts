import { beforeEach, describe, expect, it } from 'vitest';
import { makeStore, type AppStore } from '../../app/store';
import type { UserEdit } from '../../api/models';
import { fetchPosts } from '../posts/postsSlice';
import { guestOnRealCore, withForgedToken } from './testCore';
import {
  editUser,
  fetchUsers,
  followUser,
  follows,
  selectUserByUsername,
  selectWhoToFollow,
  unfollowUser,
} from './usersSlice';

const session = guestOnRealCore();
let store: AppStore;
beforeEach(async () => {
  store = session.current();
  await store.dispatch(fetchUsers()).unwrap();
});

const user = (username: string) => {
  const found = selectUserByUsername(store.getState(), username);
  if (!found) throw new Error(`no user ${username}`);
  return found;
};
const followerNames = (username: string) => user(username).followers.map((f) => f.username).sort();
const me = () => store.getState().auth.user!;

describe('users slice, against the real core', () => {
  it('fetches every user, setting the loading flag while pending', async () => {
    const fresh = makeStore();
    const pending = fresh.dispatch(fetchUsers());
    expect(fresh.getState().users.isLoading).toBe(true);
    await pending;
    const { allUsers, isLoading } = fresh.getState().users;
    expect(isLoading).toBe(false);
    expect(allUsers).toHaveLength(6);
    expect(allUsers.map((u) => u.username)).toContain('guest');
    for (const u of allUsers) expect(u).not.toHaveProperty('password');
  });

  it('Who to Follow leaves out the signed-in user and those already followed', () => {
    const suggested = selectWhoToFollow(store.getState()).map((u) => u.username);
    const following = me().following.map((f) => f.username);
    expect(following.length).toBeGreaterThan(0);
    expect(suggested.length).toBeGreaterThan(0);
    expect(suggested).not.toContain('guest');
    for (const name of following) expect(suggested).not.toContain(name);
    expect(suggested.length + following.length + 1).toBe(6);
  });

  it('follow replaces the user list and the signed-in user, keeping the token', async () => {
    const [target] = selectWhoToFollow(store.getState());
    const token = store.getState().auth.token;
    const followingBefore = me().following.length;
    expect(follows(me(), target!._id)).toBe(false);

    await store.dispatch(followUser(target!._id)).unwrap();

    expect(follows(me(), target!._id)).toBe(true);
    expect(me().following).toHaveLength(followingBefore + 1);
    expect(followerNames(target!.username)).toContain('guest');
    expect(user('guest').following).toHaveLength(followingBefore + 1);
    expect(store.getState().auth.token).toBe(token);
    expect(selectWhoToFollow(store.getState()).map((u) => u._id)).not.toContain(target!._id);
  });

  it('unfollow does the reverse', async () => {
    const followed = me().following[0]!;
    expect(followerNames(followed.username)).toContain('guest');

    await store.dispatch(unfollowUser(followed._id)).unwrap();

    expect(follows(me(), followed._id)).toBe(false);
    expect(followerNames(followed.username)).not.toContain('guest');
    expect(selectWhoToFollow(store.getState()).map((u) => u._id)).toContain(followed._id);
  });

  it('refuses following twice, unfollowing a stranger and following oneself, changing nothing', async () => {
    const before = store.getState();
    const followed = me().following[0]!;
    const [stranger] = selectWhoToFollow(before);

    await expect(store.dispatch(followUser(followed._id)).unwrap()).rejects.toBe('User Already following');
    await expect(store.dispatch(unfollowUser(stranger!._id)).unwrap()).rejects.toBe('User already not following');
    await expect(store.dispatch(followUser(me()._id)).unwrap()).rejects.toBe('You cannot follow yourself');

    expect(store.getState().users).toEqual(before.users);
    expect(store.getState().auth).toEqual(before.auth);
  });

  it('a profile edit replaces the stored and listed user, keeps the token, and reaches the posts', async () => {
    const token = store.getState().auth.token;
    const edit: UserEdit = {
      firstName: 'Gwen',
      lastName: 'Visitor',
      bio: 'New bio',
      website: 'https://example.com/me',
      avatarURL: 'avatars/preset-3.svg',
    };

    await store.dispatch(editUser(edit)).unwrap();

    expect(me()).toMatchObject({ username: 'guest', ...edit });
    expect(user('guest')).toMatchObject(edit);
    expect(store.getState().auth.token).toBe(token);

    await store.dispatch(fetchPosts()).unwrap();
    const mine = store.getState().posts.allPosts.filter((p) => p.username === 'guest');
    expect(mine.length).toBeGreaterThan(0);
    for (const post of mine) {
      expect(post).toMatchObject({ firstName: 'Gwen', lastName: 'Visitor', avatarURL: 'avatars/preset-3.svg' });
    }
  });

  it('a profile edit that tries to change the username is refused, changing nothing', async () => {
    const before = store.getState();
    const sneaky = { bio: 'changed', username: 'someone_else' } as UserEdit;

    await expect(store.dispatch(editUser(sneaky)).unwrap()).rejects.toBe('Username cannot be changed');

    expect(store.getState().auth).toEqual(before.auth);
    await store.dispatch(fetchUsers()).unwrap();
    expect(user('guest').bio).toBe(before.auth.user!.bio);
  });

  it('a profile edit with a forged token is refused', async () => {
    const good = store.getState().auth;
    const forged = withForgedToken(store);

    await expect(forged.dispatch(editUser({ bio: 'hacked' })).unwrap()).rejects.toBe(
      'The token is invalid. Unauthorized access error.',
    );
    await store.dispatch(fetchUsers()).unwrap();
    expect(user('guest').bio).toBe(good.user!.bio);
    expect(user('guest').bio).not.toBe('hacked');
  });
});
