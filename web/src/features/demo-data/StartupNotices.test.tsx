import { render, screen } from '@testing-library/react';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOT_PERSISTENT, STORAGE_CLEARED } from '@murmur/backend/protocol';
import { AppToaster } from '../../app/App';
import { stubMatchMedia } from '../../testing/matchMediaStub';
import { RESTORE_LINK, StartupNotices } from './StartupNotices';

beforeAll(() => stubMatchMedia());
afterEach(() => toast.remove());

function renderNotices(messages: string[]) {
  render(
    <>
      <AppToaster />
      <StartupNotices notices={Promise.resolve(messages)} />
    </>,
  );
}

describe('start-up notices', () => {
  it('says that the browser cleared the data, with a link to the restore', async () => {
    renderNotices([STORAGE_CLEARED]);
    expect(await screen.findByText(/Your browser cleared Murmur's saved data on this device/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Restore a backup' });
    expect(link).toHaveAttribute('href', RESTORE_LINK);
    expect(RESTORE_LINK).toBe('/settings/data#restore');
  });

  it('shows other notices as they are, with no link', async () => {
    renderNotices([NOT_PERSISTENT]);
    expect(await screen.findByText(NOT_PERSISTENT)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
