import { assetUrl } from '../lib/assets';

interface AvatarProps {
  src: string | undefined;
  /** The person's name, for the alt text. */
  name: string;
  size?: number;
  className?: string;
}

export function Avatar({ src, name, size = 40, className = '' }: AvatarProps) {
  return (
    <img
      className={`avatar ${className}`.trim()}
      src={assetUrl(src) || assetUrl('avatars/default.svg')}
      alt={name}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
