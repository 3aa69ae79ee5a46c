import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../../app/store';
import { renderWithProviders } from '../../testing/render';
import { EditProfileModal, UPDATE_FAILED } from './EditProfileModal';
import { usersApi } from '../../api/usersApi';
import { postsApi } from '../../api/postsApi';
import { cachedPosts, cachedUsers, guestOnRealCore, signIn, withForgedToken } from '../../testing/realCore';
import { INPUT_ERRORS } from '../../api/inputRules';

const session = guestOnRealCore();
let store: AppStore;
beforeEach(() => {
  store = session.current();
  // jsdom has no object URLs; the preview only needs a distinct string.
  URL.createObjectURL = vi.fn(() => 'blob:preview-1');
  URL.revokeObjectURL = vi.fn();
});

function renderEditor(onClose = vi.fn()) {
  const user = store.getState().session.user!;
  renderWithProviders(<EditProfileModal open user={user} onClose={onClose} />, { store });
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Edit profile' }) };
}

// Generous: these talk to the real core and share the machine with other runs.
describe('the profile editor', { timeout: 20_000 }, () => {
  it('starts from the saved profile and offers the four preset avatars as radios', () => {
    renderEditor();
    const me = store.getState().session.user!;
    expect(screen.getByLabelText('Bio')).toHaveValue(me.bio);
    expect(screen.getByLabelText('Website')).toHaveValue(me.website);
    expect(screen.getByLabelText('First name')).toHaveValue(me.firstName);
    const group = screen.getByRole('radiogroup', { name: 'Choose an avatar' });
    expect(group.querySelectorAll('input[type=radio]')).toHaveLength(4);
  });

  it('saves bio, website and a preset avatar: the stored user, the user list, the profile and the posts follow', async () => {
    const user = userEvent.setup();
    await store.dispatch(usersApi.endpoints.getUsers.initiate()).unwrap();
    await store.dispatch(usersApi.endpoints.getUserByName.initiate('guest')).unwrap();
    // A page showing the posts is open: the edit reloads them.
    await store.dispatch(postsApi.endpoints.getPosts.initiate()).unwrap();
    const token = store.getState().session.token;
    const success = vi.spyOn(toast, 'success');
    const { onClose } = renderEditor();

    await user.click(screen.getByRole('radio', { name: 'Cat' }));
    expect(screen.getByRole('img', { name: /^New avatar of/ })).toHaveAttribute('src', '/avatars/preset-2.svg');
    await user.clear(screen.getByLabelText('Bio'));
    await user.click(screen.getByLabelText('Bio'));
    await user.paste('Tea, maps and long walks.');
    await user.clear(screen.getByLabelText('Website'));
    await user.click(screen.getByLabelText('Website'));
    await user.paste('https://guest.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    const expected = {
      bio: 'Tea, maps and long walks.',
      website: 'https://guest.example.com',
      avatarURL: '/avatars/preset-2.svg',
    };
    expect(store.getState().session.user).toMatchObject(expected);
    expect(store.getState().session.token).toBe(token);
    expect(cachedUsers(store).find((u) => u.username === 'guest')).toMatchObject(expected);
    expect(usersApi.endpoints.getUserByName.select('guest')(store.getState()).data).toMatchObject(expected);
    await waitFor(() => {
      const mine = cachedPosts(store).filter((p) => p.username === 'guest');
      expect(mine.length).toBeGreaterThan(0);
      for (const post of mine) expect(post.avatarURL).toBe('/avatars/preset-2.svg');
    });
    expect(success).toHaveBeenCalledWith('Profile updated');
  });

  it('refuses a file that is not an image, or too large, with the spec messages next to the field', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderEditor();
    const input = screen.getByLabelText('Upload a photo');

    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('file must be an image (JPEG/PNG)');
    expect(input).toHaveAccessibleDescription('file must be an image (JPEG/PNG)');

    // The bytes decide: an SVG, even one the browser calls an image, is not a JPEG or PNG.
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'me.svg', { type: 'image/svg+xml' });
    await user.upload(input, svg);
    expect(await screen.findByRole('alert')).toHaveTextContent('file must be an image (JPEG/PNG)');

    const big = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10_485_760 });
    await user.upload(input, big);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('file must be less than 10mb'));
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('uploads a picked image as the new avatar, previewing it first', async () => {
    const user = userEvent.setup();
    const { onClose } = renderEditor();

    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]);
    await user.upload(screen.getByLabelText('Upload a photo'), new File([png], 'me.png', { type: 'image/png' }));
    // The preview shows the current avatar until the file's bytes are checked,
    // then the picked file (a new element: Avatar.tsx keys it by its source).
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /^New avatar of/ })).toHaveAttribute('src', 'blob:preview-1'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    // The core keeps the upload and answers with where it serves it.
    const avatarURL = store.getState().session.user!.avatarURL;
    expect(avatarURL).toMatch(/^\/media\/[\w-]+$/);
  });

  it('toasts the spec message when the backend refuses the update, and stays open', async () => {
    const user = userEvent.setup();
    store = withForgedToken(store);
    const error = vi.spyOn(toast, 'error');
    const { onClose } = renderEditor();

    await user.click(screen.getByLabelText('Bio'));
    await user.paste(' and more');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(UPDATE_FAILED));
    expect(UPDATE_FAILED).toBe('Unable to update user, try again!');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('checks each changed field against the input rules: the core’s message under it, a bio counter, Save off meanwhile', async () => {
    const user = userEvent.setup();
    renderEditor();
    const save = screen.getByRole('button', { name: 'Save' });
    const bio = screen.getByLabelText('Bio');
    const counted = (used: number) => `${used}/160 characters`;
    expect(bio).toHaveAccessibleDescription(counted([...store.getState().session.user!.bio].length));

    const replace = async (label: string, value: string) => {
      await user.clear(screen.getByLabelText(label));
      if (value) {
        await user.click(screen.getByLabelText(label));
        await user.paste(value);
      }
    };
    await replace('Bio', '😀'.repeat(160));
    expect(bio).toHaveAccessibleDescription(counted(160));
    expect(save).toBeEnabled();
    await user.type(bio, '!');
    expect(bio).toHaveAccessibleDescription(`${counted(161)} ${INPUT_ERRORS.bioLength}`);
    expect(save).toBeDisabled();
    await replace('Bio', 'Short again.');
    expect(save).toBeEnabled();

    const cases: [string, string, string][] = [
      ['First name', '', INPUT_ERRORS.firstNameLength],
      ['First name', 'G'.repeat(51), INPUT_ERRORS.firstNameLength],
      ['Last name', 'User\u202e', INPUT_ERRORS.lastNameCharacters],
      ['Website', 'ftp://guest.example', INPUT_ERRORS.websiteNotHttp],
      ['Website', 'javascript:alert(1)', INPUT_ERRORS.websiteNotHttp],
      ['Website', `https://${'w'.repeat(193)}`, INPUT_ERRORS.websiteLength],
    ];
    for (const [label, bad, message] of cases) {
      const before = (screen.getByLabelText(label) as HTMLInputElement).value;
      await replace(label, bad);
      expect(screen.getByLabelText(label), `${label}: ${bad}`).toHaveAccessibleDescription(message);
      expect(save).toBeDisabled();
      await replace(label, before);
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
      expect(save).toBeEnabled();
    }
  });

  it('a profile saved before the rules (a 60-character name) can still change its bio', async () => {
    const user = userEvent.setup();
    const state = JSON.parse(session.core.exportSnapshot()) as { users: { username: string; firstName: string }[] };
    const longName = 'G'.repeat(60);
    state.users.find((u) => u.username === 'guest')!.firstName = longName;
    session.core.importSnapshot(JSON.stringify(state));
    await signIn(store);
    const { onClose } = renderEditor();

    expect(screen.getByLabelText('First name')).toHaveValue(longName);
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'Still me.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    expect(store.getState().session.user).toMatchObject({ firstName: longName, bio: 'Still me.' });
  });
});
