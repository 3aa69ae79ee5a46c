import { useId, useRef } from 'react';
import { CloseIcon, ImageIcon } from '../../components/icons';
import { isVideo, mediaSrc } from '../../lib/assets';
import type { ImageAttachment } from './useImageAttachment';

/** The button that opens the file chooser, and the refusal message beside it. */
export function ImagePickerButton({ image }: { image: ImageAttachment }) {
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <span className="image-picker">
      <input
        ref={input}
        hidden
        type="file"
        accept="image/*"
        data-testid="image-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) image.pick(file);
          // Let the same file be picked again after a removal.
          event.target.value = '';
        }}
      />
      <button
        type="button"
        className="icon-btn"
        aria-label="Add an image"
        title="Add an image"
        aria-describedby={image.error ? errorId : undefined}
        onClick={() => input.current?.click()}
      >
        <ImageIcon />
      </button>
      {image.error && (
        <span id={errorId} role="alert" className="field-error image-picker__error">
          {image.error}
        </span>
      )}
    </span>
  );
}

/** The picked (or kept) image, with a button that removes it. */
export function ImagePreview({ image }: { image: ImageAttachment }) {
  if (!image.previewUrl) return null;
  // A local file's preview is an object URL this page made; a kept image is data: only a safe path.
  const src = image.isLocal ? image.previewUrl : mediaSrc(image.previewUrl);
  return (
    <div className="image-preview">
      {!src ? (
        <div
          className="image-preview__media post-card__media--placeholder"
          role="img"
          aria-label="Attached image is not available"
        >
          <ImageIcon />
          <span>Image not available</span>
        </div>
      ) : !image.isLocal && isVideo(image.previewUrl) ? (
        <video src={src} controls preload="metadata" className="image-preview__media" aria-label="Attached video" />
      ) : (
        <img src={src} alt="Attached image preview" className="image-preview__media" />
      )}
      <button type="button" className="icon-btn image-preview__remove" aria-label="Remove image" onClick={image.remove}>
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
