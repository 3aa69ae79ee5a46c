import { useEffect, useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import toast from 'react-hot-toast';
import { useEditUserMutation, useUploadMediaMutation } from '../../api/apiSlice';
import { Avatar } from '../../components/Avatar';
import { ImageIcon } from '../../components/icons';
import { Modal } from '../../components/Modal';
import type { User } from '../../api/models';
import { checkImageBytes } from '../../lib/files';
import { PRESET_AVATARS } from './avatars';

export const UPDATE_FAILED = 'Unable to update user, try again!';

interface EditProfileModalProps {
  open: boolean;
  user: User;
  onClose: () => void;
}

export function EditProfileModal({ open, user, onClose }: EditProfileModalProps) {
  return (
    <Modal open={open} title="Edit profile" onClose={onClose}>
      {/* Mounted only while open, so every opening starts from the saved profile. */}
      <EditProfileForm user={user} onDone={onClose} />
    </Modal>
  );
}

/** A picked avatar file and the object URL that previews it. */
interface PickedFile {
  file: File;
  url: string;
}

function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [uploadMedia] = useUploadMediaMutation();
  const [editUser] = useEditUserMutation();
  const ids = { bio: useId(), file: useId(), fileError: useId() };
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [bio, setBio] = useState(user.bio);
  const [website, setWebsite] = useState(user.website);
  const [avatarPath, setAvatarPath] = useState(user.avatarURL);
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // Release each preview URL once it is replaced or the form closes.
  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.url) : undefined), [picked]);
  const fullName = `${firstName} ${lastName}`.trim() || user.username;

  function pickFile(file: File | undefined) {
    if (!file) return;
    void checkImageBytes(file).then((problem) => {
      setFileError(problem);
      if (!problem) setPicked({ file, url: URL.createObjectURL(file) });
    });
  }

  function pickPreset(path: string) {
    setAvatarPath(path);
    setPicked(null);
    setFileError(null);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const avatarURL = picked ? await uploadMedia(picked.file).unwrap() : avatarPath;
      await editUser({ firstName: firstName.trim(), lastName: lastName.trim(), bio, website: website.trim(), avatarURL }).unwrap();
    } catch {
      setSaving(false);
      toast.error(UPDATE_FAILED);
      return;
    }
    // The core rewrote the copies of the name and avatar embedded in posts,
    // likes and comments: the edit invalidates the posts, which reload.
    toast.success('Profile updated');
    onDone();
  }

  return (
    <form className="edit-profile" onSubmit={(event) => void save(event)}>
      <div className="edit-profile__avatar">
        <Avatar className="edit-profile__preview" src={avatarPath} localSrc={picked?.url} name={`New avatar of ${fullName}`} size={88} />
        <div className="edit-profile__avatar-pick">
          <fieldset className="edit-profile__presets" role="radiogroup">
            <legend>Choose an avatar</legend>
            <div className="preset-avatars">
              {PRESET_AVATARS.map((preset) => (
                <label key={preset.path} className="preset-avatar">
                  <input
                    type="radio"
                    name="preset-avatar"
                    className="visually-hidden"
                    value={preset.path}
                    checked={!picked && avatarPath === preset.path}
                    onChange={() => pickPreset(preset.path)}
                  />
                  <Avatar src={preset.path} name={preset.label} size={48} />
                </label>
              ))}
            </div>
          </fieldset>
          <div className="edit-profile__upload">
            <input
              id={ids.file}
              type="file"
              accept="image/*"
              className="visually-hidden file-input"
              aria-describedby={fileError ? ids.fileError : undefined}
              onChange={(event) => {
                pickFile(event.currentTarget.files?.[0]);
                event.currentTarget.value = '';
              }}
            />
            <label htmlFor={ids.file} className="btn btn--ghost file-label">
              <ImageIcon size={18} />
              Upload a photo
            </label>
            {picked && <span className="muted edit-profile__file">{picked.file.name}</span>}
          </div>
          {fileError && (
            <p id={ids.fileError} className="field-error" role="alert">
              {fileError}
            </p>
          )}
        </div>
      </div>

      <div className="edit-profile__names">
        <TextField label="First name" value={firstName} onChange={setFirstName} required autoComplete="given-name" />
        <TextField label="Last name" value={lastName} onChange={setLastName} required autoComplete="family-name" />
      </div>
      <div className="field">
        <label htmlFor={ids.bio}>Bio</label>
        <textarea id={ids.bio} className="textarea" rows={3} value={bio} onChange={(e) => setBio(e.target.value)} />
      </div>
      <TextField
        label="Website"
        value={website}
        onChange={setWebsite}
        inputMode="url"
        autoComplete="url"
        placeholder="https://example.com"
      />

      <div className="edit-profile__buttons">
        <button type="button" className="btn btn--ghost" onClick={onDone} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn" disabled={saving} aria-busy={saving || undefined}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
};

function TextField({ label, value, onChange, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)} {...input} />
    </div>
  );
}
