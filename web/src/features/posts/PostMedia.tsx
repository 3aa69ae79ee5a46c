import { assetUrl, isVideo } from '../../lib/assets';

/** A post's image, or its video when the URL names an .mp4. */
export function PostMedia({ url, author }: { url: string; author: string }) {
  const src = assetUrl(url);
  if (!src) return null;
  if (isVideo(url)) {
    return (
      <video
        className="post-card__media"
        src={src}
        controls
        preload="metadata"
        playsInline
        width={640}
        height={360}
        aria-label={`Video shared by ${author}`}
      />
    );
  }
  return (
    <img
      className="post-card__media"
      src={src}
      alt={`Image shared by ${author}`}
      width={640}
      height={427}
      loading="lazy"
      decoding="async"
    />
  );
}
