import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { Avatar } from '../../components/Avatar';
import { useUploadMediaMutation } from '../../api/uploadMedia';
import { useAppSelector } from '../../api/hooks';
import { selectSignedInUser } from '../../api/session';
import { errorMessage } from '../../lib/api';
import { useEarlyTyping } from '../../lib/useEarlyTyping';
import type { PostData } from '../../api/models';
import { EmojiButton, EmojiPanel } from './EmojiButton';
import { ImagePickerButton, ImagePreview } from './ImagePicker';
import { charCount, clipChars, insertAt, MAX_POST_CHARS } from './text';
import { useImageAttachment } from './useImageAttachment';

export interface PostFormValues {
  content: string;
  hashtags: string;
  mediaURL: string;
}

interface PostFormProps {
  initial?: PostFormValues;
  submitLabel: string;
  /** Resolves true when the post was saved; the form then resets. */
  onSubmit: (postData: Required<PostData>) => Promise<boolean>;
  /** Shows a 'Discard' button that clears the form and calls this. */
  onDiscard?: () => void;
  autoFocus?: boolean;
  /** For the textarea's accessible name. */
  label?: string;
}

const EMPTY: PostFormValues = { content: '', hashtags: '', mediaURL: '' };

/** The create-post box and the edit form: text, hashtags, image and emoji. */
export function PostForm({
  initial = EMPTY,
  submitLabel,
  onSubmit,
  onDiscard,
  autoFocus,
  label = "What's on your mind?",
}: PostFormProps) {
  const user = useAppSelector(selectSignedInUser);
  const [uploadMedia] = useUploadMediaMutation();
  const [content, setContent] = useState(initial.content);
  const [hashtags, setHashtags] = useState(initial.hashtags);
  const [saving, setSaving] = useState(false);
  const image = useImageAttachment(initial.mediaURL);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const tagsInput = useRef<HTMLInputElement>(null);
  // Text typed into Home's prerendered composer before the app ran stays.
  useEarlyTyping(textarea, content, (typed) => setContent(clipChars(typed)));
  useEarlyTyping(tagsInput, hashtags, (typed) => setHashtags(clipChars(typed)));
  const emojiButton = useRef<HTMLButtonElement>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const ids = { text: useId(), count: useId(), tags: useId(), emoji: useId() };

  // Put the caret after an inserted emoji once React has written the text.
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    if (caret === null || !textarea.current) return;
    pendingCaret.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(caret, caret);
  }, [content]);

  const used = charCount(content);
  const canPost = content.trim().length > 0 && !saving;

  function insertEmoji(emoji: string) {
    const el = textarea.current;
    const start = el?.selectionStart ?? content.length;
    const end = el?.selectionEnd ?? content.length;
    const next = insertAt(content, emoji, start, end);
    if (!next) {
      toast.error(`Posts are limited to ${MAX_POST_CHARS} characters`);
      return;
    }
    pendingCaret.current = next.caret;
    setContent(next.text);
  }

  function clear() {
    setContent(initial.content);
    setHashtags(initial.hashtags);
    setEmojiOpen(false);
    image.reset();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canPost) return;
    setSaving(true);
    try {
      let mediaURL = image.removedExisting ? '' : initial.mediaURL;
      if (image.file) mediaURL = await uploadMedia(image.file).unwrap();
      const saved = await onSubmit({ content: content.trim(), hashtags: hashtags.trim(), mediaURL });
      if (saved) {
        setContent('');
        setHashtags('');
        setEmojiOpen(false);
        image.reset();
      }
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="post-form" onSubmit={submit} aria-busy={saving}>
      <div className="post-form__main">
        {user && <Avatar src={user.avatarURL} name="" size={44} className="post-form__avatar" />}
        <div className="post-form__fields">
          <label htmlFor={ids.text} className="visually-hidden">
            {label}
          </label>
          <textarea
            ref={textarea}
            id={ids.text}
            className="textarea post-form__text"
            placeholder={label}
            value={content}
            rows={3}
            autoFocus={autoFocus}
            aria-describedby={ids.count}
            onChange={(event) => setContent(clipChars(event.target.value))}
          />
          <label htmlFor={ids.tags} className="visually-hidden">
            Hashtags
          </label>
          <input
            ref={tagsInput}
            id={ids.tags}
            className="input post-form__tags"
            placeholder="#hashtags"
            value={hashtags}
            onChange={(event) => setHashtags(clipChars(event.target.value))}
          />
          <ImagePreview image={image} />
        </div>
      </div>
      <div className="post-form__bar">
        <div className="post-form__tools">
          <ImagePickerButton image={image} />
          <EmojiButton
            open={emojiOpen}
            panelId={ids.emoji}
            buttonRef={emojiButton}
            onToggle={() => setEmojiOpen((v) => !v)}
          />
        </div>
        <span id={ids.count} className={`post-form__count${used >= MAX_POST_CHARS ? ' post-form__count--full' : ''}`}>
          {used}/{MAX_POST_CHARS}
          <span className="visually-hidden"> characters</span>
        </span>
        <span className="post-form__submit">
          {onDiscard && (
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                clear();
                onDiscard();
              }}
            >
              Discard
            </button>
          )}
          <button type="submit" className="btn" disabled={!canPost}>
            {saving ? 'Saving…' : submitLabel}
          </button>
        </span>
      </div>
      {emojiOpen && (
        <EmojiPanel
          id={ids.emoji}
          onPick={insertEmoji}
          onClose={() => {
            setEmojiOpen(false);
            emojiButton.current?.focus();
          }}
        />
      )}
    </form>
  );
}
