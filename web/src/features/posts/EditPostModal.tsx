import toast from 'react-hot-toast';
import { useAppDispatch } from '../../app/hooks';
import type { Post, PostData } from '../../api/models';
import { Modal } from '../../components/Modal';
import { withErrorToast } from './notify';
import { PostForm } from './PostForm';
import { editPost } from './postsSlice';

interface EditPostModalProps {
  post: Post;
  open: boolean;
  onClose: () => void;
}

/** Edits a post's text, hashtags and image; closes when saved. */
export function EditPostModal({ post, open, onClose }: EditPostModalProps) {
  const dispatch = useAppDispatch();
  async function save(postData: PostData) {
    const posts = await withErrorToast(dispatch(editPost({ postId: post._id, postData })).unwrap());
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
