import { fullDate, relativeTime } from '../lib/time';

/** When a post or comment was written: relative ('5 minutes ago'), with the full date as its tooltip. */
export function Timestamp({ iso }: { iso: string }) {
  const created = new Date(iso);
  return (
    <time dateTime={iso} title={fullDate(created)}>
      {relativeTime(created)}
    </time>
  );
}
