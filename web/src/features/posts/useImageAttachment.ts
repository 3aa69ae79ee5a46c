import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { checkImageBytes } from '../../lib/files';

interface Attachment {
  file: File;
  /** An object URL for the preview; revoked when replaced, removed or unmounted. */
  previewUrl: string;
}

/**
 * The image picked for a post. `existingUrl` is media the post already has
 * (an edit); removing it is remembered so the edit can clear it.
 */
export function useImageAttachment(existingUrl = '') {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [keepExisting, setKeepExisting] = useState(Boolean(existingUrl));
  const [error, setError] = useState<string | null>(null);
  const current = useRef<Attachment | null>(null);

  const replace = useCallback((next: Attachment | null) => {
    if (current.current) URL.revokeObjectURL(current.current.previewUrl);
    current.current = next;
    setAttachment(next);
  }, []);

  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current.previewUrl);
      current.current = null;
    },
    [],
  );

  /** Checks a picked file; a refused file leaves the attachment as it was. */
  const pick = useCallback(
    (file: File) => {
      void checkImageBytes(file).then((problem) => {
        if (problem) {
          setError(problem);
          toast.error(problem);
          return;
        }
        setError(null);
        replace({ file, previewUrl: URL.createObjectURL(file) });
      });
    },
    [replace],
  );

  const remove = useCallback(() => {
    setError(null);
    setKeepExisting(false);
    replace(null);
  }, [replace]);

  const reset = useCallback(() => {
    setError(null);
    setKeepExisting(Boolean(existingUrl));
    replace(null);
  }, [existingUrl, replace]);

  return {
    file: attachment?.file ?? null,
    /** What to preview: the new file, else the media kept from before. */
    previewUrl: attachment?.previewUrl ?? (keepExisting ? existingUrl : ''),
    /** True when the preview is a local file (not yet uploaded). */
    isLocal: attachment !== null,
    /** True when the post had media and the user removed it. */
    removedExisting: Boolean(existingUrl) && !keepExisting && attachment === null,
    error,
    pick,
    remove,
    reset,
  };
}

export type ImageAttachment = ReturnType<typeof useImageAttachment>;
