import { describe, expect, it } from 'vitest';
import type { NotificationView, UserSummary } from '../../api/types';
import { actionText, actorsText, groupNotifications, groupPath } from './grouping';

const user = (username: string, firstName: string): UserSummary => ({
  _id: `u-${username}`,
  username,
  firstName,
  lastName: '',
  avatarURL: '',
});
const maya = user('maya', 'Maya');
const priya = user('priya', 'Priya');
const lena = user('lena', 'Lena');

let next = 0;
function note(
  type: NotificationView['type'],
  actor: UserSummary,
  extra: Partial<NotificationView> = {},
): NotificationView {
  next += 1;
  return { _id: `n-${next}`, type, actor, createdAt: `2026-01-0${next % 9}T00:00:00Z`, read: true, ...extra };
}

describe('groupNotifications', () => {
  it('puts the likes of one post on one line, newest liker first, at its newest place', () => {
    const list = [
      note('like', maya, { postId: 'p-1', read: false }),
      note('comment', lena, { postId: 'p-1', commentId: 'c-1' }),
      note('like', priya, { postId: 'p-1' }),
      note('like', lena, { postId: 'p-2' }),
      note('like', lena, { postId: 'p-1' }),
    ];
    const groups = groupNotifications(list);
    expect(groups.map((g) => [g.type, g.postId, g.actors.map((a) => a.username), g.unread])).toEqual([
      ['like', 'p-1', ['maya', 'priya', 'lena'], true],
      ['comment', 'p-1', ['lena'], false],
      ['like', 'p-2', ['lena'], false],
    ]);
    const [likes] = groups;
    expect(likes && `${actorsText(likes.actors)} ${actionText(likes)}`).toBe('Maya and 2 others liked your post');
    expect(likes && groupPath(likes)).toBe('/post/p-1');
  });

  it('groups follows, counts each person once, and leads to the first follower', () => {
    const groups = groupNotifications([note('follow', priya), note('follow', maya), note('follow', priya)]);
    expect(groups).toHaveLength(1);
    const [follows] = groups;
    expect(follows && `${actorsText(follows.actors)} ${actionText(follows)}`).toBe('Priya and Maya followed you');
    expect(follows && groupPath(follows)).toBe('/profile/priya');
  });

  it('keeps every comment and mention alone, saying where the mention was', () => {
    const groups = groupNotifications([
      note('mention', maya, { postId: 'p-3' }),
      note('mention', maya, { postId: 'p-1', commentId: 'c-2' }),
      note('comment', maya, { postId: 'p-1', commentId: 'c-3' }),
      note('comment', priya, { postId: 'p-1', commentId: 'c-4' }),
    ]);
    expect(groups.map((g) => `${actorsText(g.actors)} ${actionText(g)}`)).toEqual([
      'Maya mentioned you in a post',
      'Maya mentioned you in a comment',
      'Maya commented on your post',
      'Priya commented on your post',
    ]);
  });
});
