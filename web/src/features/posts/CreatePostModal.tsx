import { Modal } from '../../components/Modal';
import { PostComposer } from './PostComposer';
import './posts.css';

/** The header's Create button opens this; it closes after Post or Discard. */
export function CreatePostModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="Create post" onClose={onClose}>
      <PostComposer onPosted={onClose} onDiscard={onClose} autoFocus />
    </Modal>
  );
}
