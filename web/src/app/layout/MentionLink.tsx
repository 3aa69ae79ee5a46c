import { Link } from 'react-router-dom';
import { useMentionedUsername } from '../../api/mentions';
import type { MentionProps } from '../../components/TaggedText';

/** A `@name` in a post or comment: a link to the profile of whoever has the name, or text if nobody does. */
export function MentionLink({ name, text }: MentionProps) {
  const username = useMentionedUsername(name);
  if (!username) return <>{text}</>;
  return (
    <Link className="mention" to={`/profile/${encodeURIComponent(username)}`}>
      {text}
    </Link>
  );
}
