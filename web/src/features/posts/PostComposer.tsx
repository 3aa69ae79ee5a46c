import toast from 'react-hot-toast/headless';
import { useCreatePostMutation } from './postWrites';
import type { PostData } from '../../api/models';
import { withErrorToast } from '../../lib/notify';
import { PostForm } from './PostForm';

interface PostComposerProps {
  /** Called after the post is published. */
  onPosted?: () => void;
  onDiscard?: () => void;
  autoFocus?: boolean;
}

/** The create-post box (Home, and the header's Create modal). */
export function PostComposer({ onPosted, onDiscard, autoFocus }: PostComposerProps) {
  const [createPost] = useCreatePostMutation();
  async function publish(postData: PostData) {
    const posts = await withErrorToast(createPost(postData).unwrap());
    if (!posts) return false;
    toast.success('Post published');
    onPosted?.();
    return true;
  }
  return <PostForm submitLabel="Post" onSubmit={publish} onDiscard={onDiscard} autoFocus={autoFocus} />;
}
