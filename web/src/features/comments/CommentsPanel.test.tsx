import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { postsApi } from '../../api/postsApi';
import { INPUT_ERRORS } from '../../api/inputRules';
import type { AppStore } from '../../app/store';
import { renderWithProviders } from '../../testing/render';
import { cachedPosts, guestOnRealCore } from '../../testing/realCore';
import { CommentsPanel } from './CommentsPanel';

const session = guestOnRealCore();
let store: AppStore;
beforeEach(async () => {
  store = session.current();
  await store.dispatch(postsApi.endpoints.getPosts.initiate()).unwrap();
});

const post = (id: string) => cachedPosts(store).find((p) => p._id === id)!;

function renderPanel(id = 'p-01') {
  const result = renderWithProviders(<CommentsPanel post={post(id)} />, { store });
  return { ...result, user: userEvent.setup() };
}

// Generous: these talk to the real core and share the machine with other runs.
describe('the comment box', { timeout: 20_000 }, () => {
  it('counts to 280 and will not send one character more', async () => {
    const { user } = renderPanel();
    const box = screen.getByLabelText('Add a comment');
    const reply = screen.getByRole('button', { name: 'Reply' });
    expect(box).toHaveAccessibleDescription('0/280 characters');
    expect(reply).toBeDisabled();

    await user.click(box);
    await user.paste('日'.repeat(281));
    expect(box).toHaveAccessibleDescription(`281/280 characters ${INPUT_ERRORS.commentLength}`);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(reply).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(post('p-01').comments).toHaveLength(2);

    // Spaces around do not count; at 280 it goes.
    await user.keyboard('{Backspace}   ');
    expect(box).toHaveAccessibleDescription('280/280 characters');
    await user.click(reply);
    await waitFor(() => expect(post('p-01').comments).toHaveLength(3));
    expect(post('p-01').comments.map((c) => c.text)).toContain('日'.repeat(280));
    expect(box).toHaveValue('');
  });

  it('an edit counts too, and may keep a longer text the comment had before the rule', async () => {
    const state = JSON.parse(session.core.exportSnapshot()) as {
      posts: { _id: string; comments: { _id: string; text: string; author: string }[] }[];
    };
    const old = state.posts.find((p) => p._id === 'p-02')!.comments.find((c) => c.author === 'u-guest')!;
    old.text = 'o'.repeat(300);
    session.core.importSnapshot(JSON.stringify(state));
    await store.dispatch(postsApi.endpoints.getPosts.initiate(undefined, { forceRefetch: true })).unwrap();
    const { user } = renderPanel('p-02');

    const mine = screen.getByRole('listitem', { name: /Comment by Guest/ });
    await user.click(within(mine).getByRole('button', { name: 'Edit comment' }));
    const editor = within(mine).getByRole('textbox', { name: 'Edit comment' });
    const update = within(mine).getByRole('button', { name: 'Update' });
    expect(editor).toHaveAccessibleDescription('300/280 characters');
    expect(update).toBeEnabled();
    await user.type(editor, '!');
    expect(editor).toHaveAccessibleDescription(`301/280 characters ${INPUT_ERRORS.commentLength}`);
    expect(update).toBeDisabled();
    await user.keyboard('{Backspace}');
    await user.click(update);
    await waitFor(() => expect(within(mine).queryByRole('textbox', { name: 'Edit comment' })).toBeNull());
    expect(within(mine).getByText('o'.repeat(300))).toBeInTheDocument();
  });
});
