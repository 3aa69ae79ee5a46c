import { useEffect, useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import toast from 'react-hot-toast/headless';
import { useEditUserMutation } from './userWrites';
import { useUploadMediaMutation } from '../../api/uploadMedia';
import {
  bioProblem,
  codePoints,
  fieldOfMessage,
  MAX_BIO_CHARS,
  nameProblem,
  websiteProblem,
  type Problem,
} from '../../api/inputRules';
import { Avatar } from '../../components/Avatar';
import { CharCount, describedBy, FieldError } from '../../components/FieldNotes';
import { ImageIcon } from '../../components/icons';
import { Modal } from '../../components/Modal';
import type { User } from '../../api/models';
import { errorMessage } from '../../lib/api';
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

const CHECKED = ['firstName', 'lastName', 'bio', 'website'] as const;
type CheckedField = (typeof CHECKED)[number];

/** A picked avatar file and the object URL that previews it. */
interface PickedFile {
  file: File;
  url: string;
}

function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [uploadMedia] = useUploadMediaMutation();
  const [editUser] = useEditUserMutation();
  const ids = { bio: useId(), bioCount: useId(), bioError: useId(), file: useId(), fileError: useId() };
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [bio, setBio] = useState(user.bio);
  const [website, setWebsite] = useState(user.website);
  const [avatarPath, setAvatarPath] = useState(user.avatarURL);
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<{ field: CheckedField; message: string } | null>(null);
  // Only a changed value is checked: a profile saved before the rules (a
  // longer name) can still be saved with its other fields edited.
  const values = { firstName, lastName, bio, website: website.trim() };
  const rules: Record<CheckedField, (value: string) => Problem> = {
    firstName: (value) => nameProblem('firstName', value),
    lastName: (value) => nameProblem('lastName', value),
    bio: bioProblem,
    website: websiteProblem,
  };
  const problem = (field: CheckedField) =>
    refused?.field === field ? refused.message : values[field] === user[field] ? null : rules[field](values[field]);
  const invalid = CHECKED.some((field) => problem(field));
  const names = [
    { field: 'firstName', label: 'First name', value: firstName, setValue: setFirstName, autoComplete: 'given-name' },
    { field: 'lastName', label: 'Last name', value: lastName, setValue: setLastName, autoComplete: 'family-name' },
  ] as const;
  const edit = (field: CheckedField, setValue: (value: string) => void) => (value: string) => {
    setValue(value);
    setRefused((r) => (r?.field === field ? null : r));
  };

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
      // Names go as typed: the core trims them (and keeps one it already has as it is).
      await editUser({ ...values, avatarURL }).unwrap();
    } catch (error) {
      setSaving(false);
      const message = errorMessage(error);
      const field = fieldOfMessage(message, CHECKED);
      if (field) setRefused({ field, message });
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
        <Avatar
          className="edit-profile__preview"
          src={avatarPath}
          localSrc={picked?.url}
          name={`New avatar of ${fullName}`}
          size={88}
        />
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
        {names.map(({ field, label, value, setValue, autoComplete }) => (
          <TextField
            key={field}
            label={label}
            value={value}
            onChange={edit(field, setValue)}
            error={problem(field)}
            required
            autoComplete={autoComplete}
          />
        ))}
      </div>
      <div className="field">
        <div className="field__label-row">
          <label htmlFor={ids.bio}>Bio</label>
          <CharCount id={ids.bioCount} used={codePoints(bio)} max={MAX_BIO_CHARS} />
        </div>
        <textarea
          id={ids.bio}
          className="textarea"
          rows={3}
          value={bio}
          onChange={(e) => edit('bio', setBio)(e.target.value)}
          aria-invalid={problem('bio') ? true : undefined}
          aria-describedby={describedBy(ids.bioCount, problem('bio') && ids.bioError)}
        />
        <FieldError id={ids.bioError} error={problem('bio')} />
      </div>
      <TextField
        label="Website"
        value={website}
        onChange={edit('website', setWebsite)}
        error={problem('website')}
        inputMode="url"
        autoComplete="url"
        placeholder="https://example.com"
      />

      <div className="edit-profile__buttons">
        <button type="button" className="btn btn--ghost" onClick={onDone} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn" disabled={saving || invalid} aria-busy={saving || undefined}>
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
  /** The problem with the value, under the field. */
  error: Problem;
};

function TextField({ label, value, onChange, error, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId)}
        {...input}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
