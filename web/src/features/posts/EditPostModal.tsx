import toast from 'react-hot-toast/headless';
import { useEditPostMutation } from './postWrites';
import type { Post, PostData } from '../../api/models';
import { Modal } from '../../components/Modal';
import { withErrorToast } from '../../lib/notify';
import { PostForm } from './PostForm';

interface EditPostModalProps {
  post: Post;
  open: boolean;
  onClose: () => void;
}

/** Edits a post's text, hashtags and image; closes when saved. */
export function EditPostModal({ post, open, onClose }: EditPostModalProps) {
  const [editPost] = useEditPostMutation();
  async function save(postData: PostData) {
    const posts = await withErrorToast(editPost({ postId: post._id, postData }).unwrap());
    if (!posts) return false;
    toast.success('Post updated');
    onClose();
    return true;
  }
  return (
    <Modal open={open} title="Edit post" onClose={onClose}>
      <PostForm
        initial={{ content: post.content, hashtags: post.hashtags, mediaURL: post.mediaURL }}
        submitLabel="Save"
        label="Edit your post"
        onSubmit={save}
        autoFocus
      />
    </Modal>
  );
}
