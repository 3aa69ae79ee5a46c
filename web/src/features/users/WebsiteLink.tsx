import { LinkIcon } from '../../components/icons';
import { safeHttpUrl } from '../../lib/links';

/** A profile's website: a new-tab link for http(s) addresses, plain text otherwise. */
export function WebsiteLink({ website }: { website: string }) {
  const text = website.trim();
  if (!text) return null;
  const href = safeHttpUrl(text);
  return (
    <span className="profile__website">
      <LinkIcon size={16} />
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {text.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <span className="profile__website-text">{text}</span>
      )}
    </span>
  );
}
