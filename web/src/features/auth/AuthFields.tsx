import { useId, useRef, useState } from 'react';
import { describedBy, FieldError } from '../../components/FieldNotes';
import { EyeIcon } from '../../components/icons';
import { useEarlyTyping } from '../../lib/useEarlyTyping';

interface PasswordFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** Shown under the field and tied to it with aria-describedby. */
  error?: string | null;
  onBlur?: () => void;
}

/** A required password input with a show/hide toggle. */
export function PasswordField({ label, name, value, onChange, autoComplete, error, onBlur }: PasswordFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  useEarlyTyping(ref, value, onChange);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          ref={ref}
          id={id}
          name={name}
          className="input"
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          autoComplete={autoComplete}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errorId)}
        />
        <button
          type="button"
          className="icon-btn password-input__toggle"
          aria-label={`Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible(!visible)}
        >
          <EyeIcon size={20} off={visible} />
        </button>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  /** Shown under the field and tied to it with aria-describedby. */
  error?: string | null;
  onBlur?: () => void;
}

/** A required, labelled text input. */
export function TextField({ label, name, value, onChange, autoComplete, error, onBlur }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const ref = useRef<HTMLInputElement>(null);
  useEarlyTyping(ref, value, onChange);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        name={name}
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        autoComplete={autoComplete}
        autoCapitalize={name === 'username' ? 'none' : undefined}
        spellCheck={false}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId)}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
