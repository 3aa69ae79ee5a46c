import { createContext, useContext, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { splitText, tagPath } from '../lib/hashtags';

/** How a `@name` mention shows: `text` as written (`@maya`), `name` without the `@`. */
export type MentionProps = { name: string; text: string };

/** Until someone says who has a name (the app does, app/layout), a mention is text. */
const AsText = ({ text }: MentionProps) => <>{text}</>;

/** The component that shows mentions: the app provides one that links a name someone has to their profile. */
export const MentionContext = createContext<ComponentType<MentionProps>>(AsText);

/**
 * Text with every `#tag` a link to its feed and every `@name` shown as
 * MentionContext says; everything is rendered as text, never as HTML.
 */
export function TaggedText({
  text,
  tags = true,
}: {
  text: string;
  /** Whether `#tag`s link (a post's do, a comment's stay text). */ tags?: boolean;
}) {
  const Mention = useContext(MentionContext);
  return (
    <>
      {splitText(text).map((part, i) =>
        part.kind === 'tag' && tags ? (
          <Link key={i} className="hashtag" to={tagPath(part.tag)}>
            {part.text}
          </Link>
        ) : part.kind === 'mention' ? (
          <Mention key={i} name={part.name} text={part.text} />
        ) : (
          part.text
        ),
      )}
    </>
  );
}
