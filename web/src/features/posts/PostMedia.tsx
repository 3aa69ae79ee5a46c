import { useRef, useState } from 'react';
import { ImageIcon, PlayIcon } from '../../components/icons';
import { isVideo, photoSources } from '../../lib/assets';
import { useMediaSrc } from '../../lib/useMediaSrc';

/** How wide a post's image is drawn: the whole screen on a phone, the feed's column (at most 600 px) otherwise. */
const MEDIA_SIZES = '(max-width: 699px) 100vw, 600px';

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
  if (isVideo(url)) return <PostVideo src={media.src} onError={media.onError} author={author} />;
  const image = (
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
  // A seed photo comes as WebP at the width it is drawn; the JPEG stays for a browser without WebP.
  const webp = photoSources(media.src);
  if (!webp) return image;
  return (
    <picture className="post-card__picture">
      <source type="image/webp" srcSet={webp} sizes={MEDIA_SIZES} />
      {image}
    </picture>
  );
}

/**
 * A post's video: its first frame and a play button until the visitor asks
 * for it, then the browser's own controls, playing. A video element with
 * controls builds the browser's whole control panel when it first shows,
 * which on a phone costs more than the rest of a feed's first screen; most
 * visitors scroll past, so the panel is built only for a video played.
 */
function PostVideo({ src, onError, author }: { src: string; onError: () => void; author: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [started, setStarted] = useState(false);
  const play = () => {
    setStarted(true);
    const element = video.current;
    if (!element) return;
    element.focus();
    // A refusal (a browser that blocks it, a file that cannot play) leaves the controls to try again.
    try {
      void element.play()?.catch(() => undefined);
    } catch {
      // as above
    }
  };
  return (
    <div className="post-card__video">
      <video
        ref={video}
        className="post-card__media"
        src={src}
        onError={onError}
        controls={started}
        preload="metadata"
        playsInline
        width={640}
        height={360}
        tabIndex={started ? 0 : -1}
        aria-label={`Video shared by ${author}`}
      />
      {!started && (
        <button
          type="button"
          className="post-card__play"
          onClick={play}
          aria-label={`Play the video shared by ${author}`}
        >
          <PlayIcon size={30} />
        </button>
      )}
    </div>
  );
}
