// Loaded lazily (React.lazy in EmojiButton): emoji-picker-react and its data
// stay out of the first page's bundle.
import EmojiPicker, { type EmojiClickData } from 'emoji-picker-react';
import { useState } from 'react';
import { loadEmojiRecents, recordEmojiUse } from './emojiRecents';

interface Props {
  onPick: (emoji: string) => void;
}

/** Dark backgrounds (Dim, Lights Out) get the picker's dark scheme. */
function pickerScheme(): 'dark' | 'light' {
  const background = document.documentElement.dataset.background;
  return background === 'dim' || background === 'lights-out' ? 'dark' : 'light';
}

export default function EmojiPickerPanel({ onPick }: Props) {
  // Our own recents (14, with use counts) fill the 'Frequently Used' row.
  const [recents, setRecents] = useState(() => loadEmojiRecents().map((r) => r.unified));
  return (
    <EmojiPicker
      emojiStyle="native"
      colorScheme={pickerScheme()}
      suggestedEmojisMode="frequent"
      suggestedEmojis={recents}
      autoFocusSearch={false}
      lazyLoadEmojis
      width="100%"
      style={{ maxWidth: 350 }}
      height={400}
      previewConfig={{ showPreview: false }}
      onEmojiClick={(data: EmojiClickData) => {
        setRecents(recordEmojiUse({ unified: data.unified, emoji: data.emoji }).map((r) => r.unified));
        onPick(data.emoji);
      }}
    />
  );
}
