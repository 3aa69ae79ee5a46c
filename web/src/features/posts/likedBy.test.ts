import { describe, expect, it } from 'vitest';
import type { UserSummary } from '../../api/models';
import { likedByLine } from './likedBy';

const u = (firstName: string, lastName = '', username = firstName.toLowerCase()): UserSummary => ({
  _id: `u-${username}`,
  firstName,
  lastName,
  username,
  avatarURL: '',
});

describe('likedByLine', () => {
  it('is empty without likes', () => {
    expect(likedByLine([])).toBeNull();
  });
  it('names the only liker', () => {
    expect(likedByLine([u('Maya', 'Lindqvist')])).toBe('Liked by Maya Lindqvist');
  });
  it('names both of two likers', () => {
    expect(likedByLine([u('Maya', 'Lindqvist'), u('Theo')])).toBe('Liked by Maya Lindqvist and Theo');
  });
  it('names two and adds "and others" for more', () => {
    expect(likedByLine([u('Maya'), u('Theo'), u('Lena')])).toBe('Liked by Maya, Theo and others');
  });
  it('falls back to the username when a name is blank', () => {
    expect(likedByLine([u('', '', 'ghost')])).toBe('Liked by ghost');
  });
});
