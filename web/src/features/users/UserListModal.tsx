import { Modal } from '../../components/Modal';
import type { UserSummary } from '../../api/models';
import { UserRow } from './UserRow';

interface UserListModalProps {
  open: boolean;
  title: string;
  users: UserSummary[];
  emptyMessage: string;
  onClose: () => void;
}

/** The followers or following of a profile, each linking to their profile. */
export function UserListModal({ open, title, users, emptyMessage, onClose }: UserListModalProps) {
  return (
    <Modal open={open} title={title} onClose={onClose}>
      {users.length === 0 ? (
        <p className="muted">{emptyMessage}</p>
      ) : (
        <ul className="user-list user-list--modal">
          {users.map((user) => (
            <UserRow key={user._id} user={user} onNavigate={onClose} />
          ))}
        </ul>
      )}
    </Modal>
  );
}
