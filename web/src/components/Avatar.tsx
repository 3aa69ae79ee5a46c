import { assetUrl } from '../lib/assets';
import { useMediaSrc } from '../lib/useMediaSrc';

interface AvatarProps {
  src: string | undefined;
  /**
   * An object URL this page made for a file the user just picked (its
   * preview before upload): shown instead of `src`. Never a URL from data.
   */
  localSrc?: string;
  /** The person's name, for the alt text. */
  name: string;
  size?: number;
  className?: string;
}

/** The person's avatar; the default one when it is missing, unsafe or would not load. */
export function Avatar({ src, localSrc, name, size = 40, className = '' }: AvatarProps) {
  const stored = useMediaSrc(src);
  const media = localSrc ? ({ kind: 'ready', src: localSrc, onError: () => undefined } as const) : stored;
  const classes = `avatar ${className}`.trim();
  if (media.kind === 'waiting') {
    // An uploaded avatar, until the backend that serves it has started: an empty circle in its place.
    return (
      <span
        className={`${classes} avatar--pending`}
        role="img"
        aria-label={name}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <img
      className={classes}
      src={media.kind === 'ready' ? media.src : assetUrl('avatars/default.svg')}
      onError={media.kind === 'ready' ? media.onError : undefined}
      alt={name}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
