import { assetUrl } from '../lib/assets';

/** The Murmur mark. Decorative: whatever wraps it carries the name. */
export function Logo({ size = 32, className = '' }: { size?: number; className?: string }) {
  return (
    <img
      className={`logo ${className}`.trim()}
      src={assetUrl('logo.svg')}
      alt=""
      width={size}
      height={size}
      decoding="async"
    />
  );
}
