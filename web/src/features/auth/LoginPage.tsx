import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { Link, useLocation } from 'react-router-dom';
import { useLoginMutation } from './authApi';
import { useHydrated } from '../../lib/useHydrated';
import { AuthLayout } from './AuthLayout';
import { PasswordField, TextField } from './AuthFields';
import { AUTH_FAILED, GUEST_CREDENTIALS, welcome } from './messages';

export function LoginPage() {
  const location = useLocation();
  const [login, { isLoading }] = useLoginMutation();
  // Until the page's script runs, its buttons would do nothing (or post the form).
  const idle = useHydrated() && !isLoading;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  // On success the route guard moves on to the remembered page (app/RequireAuth).
  async function signIn(credentials: { username: string; password: string }) {
    try {
      const { user } = await login(credentials).unwrap();
      toast.success(welcome(user.firstName));
    } catch {
      toast.error(AUTH_FAILED);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void signIn({ username, password });
  }

  return (
    <AuthLayout title="Log in">
      {/* POST: a form sent before its script runs never puts the password in an address. */}
      <form className="auth__form" method="post" onSubmit={onSubmit} aria-busy={isLoading}>
        <TextField label="Username" name="username" value={username} onChange={setUsername} autoComplete="username" />
        <PasswordField
          label="Password"
          name="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        <button type="submit" className="btn auth__submit" disabled={!idle}>
          Log in
        </button>
        <button
          type="button"
          className="btn btn--ghost auth__submit"
          disabled={!idle}
          onClick={() => void signIn(GUEST_CREDENTIALS)}
        >
          Login As Guest
        </button>
      </form>
      <p className="auth__switch">
        New to Murmur?{' '}
        <Link to="/signup" state={location.state as unknown}>
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
