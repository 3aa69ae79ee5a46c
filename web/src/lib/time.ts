// Relative time for posts and comments (docs/product.md, "Relative time"): seconds, minutes,
// hours, days up to 30, months up to 11, then a short date ('Jan 5, 2023').

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** Whole calendar months from `then` to `now` (local time). */
function calendarMonths(then: Date, now: Date): number {
  let months = (now.getFullYear() - then.getFullYear()) * 12 + (now.getMonth() - then.getMonth());
  const dayTime = (d: Date) => d.getDate() * DAY + (d.getHours() * 60 + d.getMinutes()) * MINUTE;
  if (dayTime(now) < dayTime(then)) months -= 1;
  return months;
}

/**
 * One formatter per format, made at its first use (`toLocaleString` builds a
 * new one at every call).
 */
function formatter(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let made: Intl.DateTimeFormat | undefined;
  return (date) => (made ??= new Intl.DateTimeFormat('en-US', options)).format(date);
}

/** The formats a card shows: a short date ('Jan 5, 2023') and, for its tooltip, the full date and time. */
export const DATE_FORMATS = {
  short: { month: 'short', day: 'numeric', year: 'numeric' },
  full: { dateStyle: 'full', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** 'Jan 5, 2023'. */
export const shortDate = formatter(DATE_FORMATS.short);

/** The full date and time, for a tooltip. */
export const fullDate = formatter(DATE_FORMATS.full);

/** '5 minutes ago', '30 days ago', '11 months ago', then 'Jan 5, 2023'. */
export function relativeTime(iso: string | Date, now: Date = new Date()): string {
  const then = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(then.getTime())) return '';
  const elapsed = now.getTime() - then.getTime();
  // A clock a little ahead of ours is still "now".
  if (elapsed < SECOND) return 'just now';
  if (elapsed < MINUTE) return plural(Math.floor(elapsed / SECOND), 'second');
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days <= 30) return plural(days, 'day');
  const months = Math.max(1, calendarMonths(then, now));
  if (months <= 11) return plural(months, 'month');
  return shortDate(then);
}
