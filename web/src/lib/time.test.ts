import { describe, expect, it } from 'vitest';
import { fullDate, relativeTime, shortDate } from './time';

const now = new Date(2026, 10, 21, 12, 0, 0); // 21 Nov 2026, 12:00 local
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

describe('relativeTime', () => {
  it('counts seconds up to 59', () => {
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(1 * S), now)).toBe('1 second ago');
    expect(relativeTime(ago(59 * S), now)).toBe('59 seconds ago');
  });

  it('switches to minutes at 60 s and to hours at 60 min', () => {
    expect(relativeTime(ago(60 * S), now)).toBe('1 minute ago');
    expect(relativeTime(ago(59 * MIN + 59 * S), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(60 * MIN), now)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * H + 59 * MIN), now)).toBe('23 hours ago');
  });

  it('counts days from 24 h up to 30 days', () => {
    expect(relativeTime(ago(24 * H), now)).toBe('1 day ago');
    expect(relativeTime(ago(2 * D), now)).toBe('2 days ago');
    expect(relativeTime(ago(30 * D), now)).toBe('30 days ago');
  });

  it('counts months from 31 days up to 11 months', () => {
    expect(relativeTime(ago(31 * D), now)).toBe('1 month ago');
    expect(relativeTime(new Date(2026, 7, 21, 12), now)).toBe('3 months ago');
    expect(relativeTime(new Date(2025, 11, 21, 12), now)).toBe('11 months ago');
    expect(relativeTime(new Date(2025, 10, 21, 12, 1), now)).toBe('11 months ago');
  });

  it('shows a short date from 12 months on', () => {
    expect(relativeTime(new Date(2025, 10, 21, 12), now)).toBe('Nov 21, 2025');
    expect(relativeTime(new Date(2023, 0, 5, 9), now)).toBe('Jan 5, 2023');
  });

  it('reads ISO strings with an offset, and treats a clock ahead of ours as now', () => {
    const iso = new Date(now.getTime() - 5 * MIN).toISOString().replace('Z', '+00:00');
    expect(relativeTime(iso, now)).toBe('5 minutes ago');
    expect(relativeTime(new Date(now.getTime() + 3 * S), now)).toBe('just now');
    expect(relativeTime('not a date', now)).toBe('');
  });
});

describe('date formats', () => {
  it('writes the short and the full date', () => {
    const date = new Date(2023, 0, 5, 9, 30);
    expect(shortDate(date)).toBe('Jan 5, 2023');
    expect(fullDate(date)).toMatch(/^Thursday, January 5, 2023 at 9:30/);
  });
});
