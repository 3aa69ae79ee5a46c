import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { Link, useLocation } from 'react-router-dom';
import { useSignupMutation } from './authApi';
import { fieldOfMessage, nameProblem, passwordProblem, usernameProblem, type Problem } from '../../api/inputRules';
import { errorMessage } from '../../lib/api';
import { useHydrated } from '../../lib/useHydrated';
import { AuthLayout } from './AuthLayout';
import { PasswordField, TextField } from './AuthFields';
import { AUTH_FAILED, DEFAULT_AVATAR, PASSWORDS_DIFFER, SIGNUP_SUCCEEDED } from './messages';

const EMPTY = { firstName: '', lastName: '', username: '', password: '', confirmPassword: '' };
type Field = keyof typeof EMPTY;

const NAME_FIELDS = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
] as const satisfies readonly { name: Field; label: string; autoComplete: string }[];
const USERNAME_FIELD = { name: 'username', label: 'User name', autoComplete: 'username' } as const;

/** The fields the core checks, with its rules (docs/rules.md, "Input rules"). */
const RULES = {
  firstName: (value: string) => nameProblem('firstName', value),
  lastName: (value: string) => nameProblem('lastName', value),
  username: usernameProblem,
  password: passwordProblem,
} satisfies Partial<Record<Field, (value: string) => Problem>>;
type CheckedField = keyof typeof RULES;
const CHECKED = Object.keys(RULES) as CheckedField[];

export function SignupPage() {
  const location = useLocation();
  const [signup, { isLoading }] = useSignupMutation();
  const hydrated = useHydrated();
  const [form, setForm] = useState(EMPTY);
  // A field's problem shows once the field has been left; the core's refusal, until the field changes.
  const [visited, setVisited] = useState<Partial<Record<Field, boolean>>>({});
  const [refused, setRefused] = useState<{ field: CheckedField; message: string } | null>(null);
  const set = (field: Field) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setRefused((r) => (r?.field === field ? null : r));
  };
  const visit = (field: Field) => () => setVisited((v) => ({ ...v, [field]: true }));
  const problems = Object.fromEntries(CHECKED.map((field) => [field, RULES[field](form[field])])) as Record<
    CheckedField,
    Problem
  >;
  const invalid = refused !== null || CHECKED.some((field) => problems[field]);
  const shown = (field: CheckedField) =>
    refused?.field === field ? refused.message : visited[field] ? problems[field] : null;
  // Shown while the two differ; as in the original, it does not block submission.
  const mismatch = form.confirmPassword !== '' && form.confirmPassword !== form.password;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { firstName, lastName, username, password } = form;
    try {
      await signup({ firstName, lastName, username, password, avatarURL: DEFAULT_AVATAR }).unwrap();
      toast.success(SIGNUP_SUCCEEDED);
    } catch (error) {
      // The core refused anyway (a username taken in another case): its message goes next to the field.
      const message = errorMessage(error);
      const field = fieldOfMessage(message, CHECKED);
      if (field) setRefused({ field, message });
      toast.error(AUTH_FAILED);
    }
  }

  return (
    <AuthLayout title="Sign up">
      {/* POST: a form sent before its script runs never puts the password in an address. */}
      <form className="auth__form" method="post" onSubmit={(event) => void onSubmit(event)} aria-busy={isLoading}>
        <div className="auth__row">
          {NAME_FIELDS.map((field) => (
            <TextField
              key={field.name}
              {...field}
              value={form[field.name]}
              onChange={set(field.name)}
              onBlur={visit(field.name)}
              error={shown(field.name)}
            />
          ))}
        </div>
        <TextField
          {...USERNAME_FIELD}
          value={form.username}
          onChange={set('username')}
          onBlur={visit('username')}
          error={shown('username')}
        />
        <PasswordField
          label="Password"
          name="password"
          value={form.password}
          onChange={set('password')}
          onBlur={visit('password')}
          error={shown('password')}
          autoComplete="new-password"
        />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          autoComplete="new-password"
          error={mismatch ? PASSWORDS_DIFFER : undefined}
        />
        <button type="submit" className="btn auth__submit" disabled={!hydrated || isLoading || invalid}>
          Sign Up
        </button>
      </form>
      <p className="auth__switch">
        Already have an account?{' '}
        <Link to="/login" state={location.state as unknown}>
          Back to Login
        </Link>
      </p>
    </AuthLayout>
  );
}
