import { Link } from 'react-router-dom';
import { useGetUserByNameQuery } from '../../api/usersApi';
import type { MentionProps } from '../../components/TaggedText';

/**
 * A `@name` in a post or comment: a link to the profile of whoever has the name, or text if nobody does.
 * The profile route finds the name as mentions notify (docs/rules.md, "Mentions") and answers the user's
 * own username, which the link uses.
 */
export function MentionLink({ name, text }: MentionProps) {
  const username = useGetUserByNameQuery(name).data?.username;
  if (!username) return <>{text}</>;
  return (
    <Link className="mention" to={`/profile/${encodeURIComponent(username)}`}>
      {text}
    </Link>
  );
}
