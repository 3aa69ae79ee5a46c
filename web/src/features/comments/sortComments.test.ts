import { describe, expect, it } from 'vitest';
import type { Comment } from '../../api/models';
import { newestFirst } from './sortComments';

const comment = (id: string, createdAt: string): Comment => ({
  _id: id,
  text: id,
  username: 'u',
  firstName: 'U',
  lastName: '',
  avatarURL: '',
  votes: { upvotedBy: [], downvotedBy: [] },
  createdAt,
  updatedAt: createdAt,
});

describe('newestFirst', () => {
  it('sorts comments by createdAt, newest first, across time zones', () => {
    const list = [
      comment('old', '2026-01-01T10:00:00+00:00'),
      comment('new', '2026-01-01T12:30:00+02:00'), // 10:30 UTC
      comment('mid', '2026-01-01T10:15:00+00:00'),
    ];
    expect(newestFirst(list).map((c) => c._id)).toEqual(['new', 'mid', 'old']);
    expect(list[0]!._id).toBe('old');
  });
});
