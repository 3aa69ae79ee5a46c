import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { Toasts } from '../../components/Toasts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer } from '@murmur/backend/node';
import { INPUT_ERRORS } from '../../api/inputRules';
import { renderWithProviders } from '../../testing/render';
import { stubMatchMedia } from '../../testing/matchMediaStub';
import { SignupPage } from './SignupPage';

const { server, core } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  core.reset();
  stubMatchMedia();
});
afterEach(() => {
  act(() => toast.remove());
});

function renderSignup() {
  const result = renderWithProviders(
    <>
      <SignupPage />
      <Toasts />
    </>,
    { route: '/signup' },
  );
  return { ...result, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const submit = () => screen.getByRole('button', { name: 'Sign Up' });

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) {
      await user.click(field(label));
      await user.paste(value);
    }
  }
  await user.tab();
}

const VALID = {
  'First name': 'Rosalind',
  'Last name': 'Franklin',
  'User name': 'rosalind_f',
  Password: 'helix-51',
  'Confirm password': 'helix-51',
};

// Generous: these talk to the real core and share the machine with other runs.
describe('the sign-up form checks the input rules before sending', { timeout: 40_000 }, () => {
  it('shows the core’s message under a field once it is left, and keeps Sign Up off until every field follows the rules', async () => {
    const { user } = renderSignup();
    expect(submit()).toBeDisabled();
    await fill(user, VALID);
    expect(submit()).toBeEnabled();

    const cases: [string, string, string][] = [
      ['User name', 'ab', INPUT_ERRORS.usernameLength],
      ['User name', 'u'.repeat(31), INPUT_ERRORS.usernameLength],
      ['User name', 'a/b', INPUT_ERRORS.usernameFormat],
      ['User name', 'guest ', INPUT_ERRORS.usernameFormat],
      ['User name', '\u202eevil', INPUT_ERRORS.usernameCharacters],
      ['Password', 'short', INPUT_ERRORS.passwordLength],
      ['First name', 'R'.repeat(51), INPUT_ERRORS.firstNameLength],
      ['First name', '   ', INPUT_ERRORS.firstNameLength],
      ['Last name', 'Fr\u2066anklin', INPUT_ERRORS.lastNameCharacters],
    ];
    for (const [label, bad, message] of cases) {
      await fill(user, { [label]: bad });
      expect(field(label), `${label}: ${bad}`).toHaveAccessibleDescription(message);
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(submit()).toBeDisabled();
      await fill(user, { [label]: VALID[label as keyof typeof VALID] });
      expect(field(label)).not.toHaveAttribute('aria-invalid');
      expect(submit()).toBeEnabled();
    }
    // At the limits: accepted.
    await fill(user, {
      'User name': 'u'.repeat(30),
      'First name': ` ${'R'.repeat(50)} `,
      Password: 'p'.repeat(128),
      'Confirm password': 'p'.repeat(128),
    });
    expect(submit()).toBeEnabled();
  });

  it('a username taken in another case: the core’s message goes next to the field, and leaves once it changes', async () => {
    const { user, store } = renderSignup();
    await fill(user, { ...VALID, 'User name': 'GUEST' });
    expect(field('User name')).not.toHaveAttribute('aria-invalid');
    await user.click(submit());
    await waitFor(() => expect(field('User name')).toHaveAccessibleDescription(INPUT_ERRORS.usernameTaken));
    expect(screen.getByText(INPUT_ERRORS.usernameTaken)).toBeVisible();
    expect(await screen.findByText('Username or password is incorrect')).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
    expect(submit()).toBeDisabled();

    await user.type(field('User name'), '_2');
    expect(screen.queryByText(INPUT_ERRORS.usernameTaken)).not.toBeInTheDocument();
    await user.click(submit());
    await waitFor(() => expect(store.getState().session.user?.username).toBe('GUEST_2'));
  });
});
