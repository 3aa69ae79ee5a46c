import { ImageIcon } from '../../components/icons';
import { isVideo } from '../../lib/assets';
import { useMediaSrc } from '../../lib/useMediaSrc';

/** A post's image, or its video when the URL names an .mp4; a placeholder when it cannot be shown. */
export function PostMedia({ url, author }: { url: string; author: string }) {
  const media = useMediaSrc(url);
  if (!url) return null;
  if (media.kind !== 'ready') {
    const missing = media.kind === 'missing';
    return (
      <div
        className={`post-card__media post-card__media--placeholder${missing ? '' : ' post-card__media--waiting'}`}
        role="img"
        aria-label={missing ? `Image shared by ${author} is not available` : `Loading the image shared by ${author}`}
      >
        {missing && (
          <>
            <ImageIcon />
            <span>Image not available</span>
          </>
        )}
      </div>
    );
  }
  if (isVideo(url)) {
    return (
      <video
        className="post-card__media"
        src={media.src}
        onError={media.onError}
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
      src={media.src}
      onError={media.onError}
      alt={`Image shared by ${author}`}
      width={640}
      height={427}
      loading="lazy"
      decoding="async"
    />
  );
}
