import { Link } from 'react-router-dom';
import { splitHashtags, tagPath } from '../lib/hashtags';

/** Text with every `#tag` a link to its feed; everything is rendered as text, never as HTML. */
export function TaggedText({ text }: { text: string }) {
  return (
    <>
      {splitHashtags(text).map((part, i) =>
        part.kind === 'tag' ? (
          <Link key={i} className="hashtag" to={tagPath(part.tag)}>
            {part.text}
          </Link>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
