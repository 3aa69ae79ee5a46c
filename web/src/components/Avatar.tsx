import { assetUrl, avatarSources } from '../lib/assets';
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
  const shown = media.kind === 'ready' ? media.src : assetUrl('avatars/default.svg');
  // A shipped drawing is drawn from its raster copies (the one that fits the
  // size at this screen's density); anything else from its own URL.
  const copies = localSrc ? null : avatarSources(shown);
  return (
    <img
      // A new element when the avatar changes between a drawing's copies and
      // a file of its own: Chromium keeps an <img>'s srcset density after the
      // srcset goes, so an upload that replaced a drawing reported a natural
      // width of 0 for a 1-pixel image (the old copy's density applied to it).
      key={copies ? 'copies' : 'file'}
      className={classes}
      src={shown}
      srcSet={copies ?? undefined}
      sizes={copies ? `${size}px` : undefined}
      onError={media.kind === 'ready' ? media.onError : undefined}
      alt={name}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
