import { Form, redirect, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { signIn } from '../api';

export async function signInAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  try {
    await signIn(String(form.get('username')), String(form.get('password')));
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  return redirect('/');
}

export function SignIn() {
  const result = useActionData<typeof signInAction>();
  const submitting = useNavigation().state === 'submitting';
  return (
    <Form method="post" aria-label="Sign in">
      <h2>Sign in</h2>
      <label>
        Username <input name="username" autoComplete="username" required />
      </label>
      <label>
        Password <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {result?.error && <p role="alert">{result.error}</p>}
      <button disabled={submitting}>Sign in</button>
      <p className="meta">
        Try <code>mira</code> / <code>mira-pass</code>.
      </p>
    </Form>
  );
}
