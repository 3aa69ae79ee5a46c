import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { holdUploadsUntil } from '../lib/mediaGate';
import { Avatar } from './Avatar';

describe('Avatar', () => {
  it('asks for an upload only once the backend serves it, and again after a failed load', async () => {
    vi.useFakeTimers();
    try {
      let start!: () => void;
      holdUploadsUntil(new Promise<void>((resolve) => (start = resolve)));
      render(<Avatar src="/media/m-01" name="Guest" />);
      // Until then, no request: an empty circle in its place.
      expect(screen.getByRole('img', { name: 'Guest' }).tagName).toBe('SPAN');

      await act(async () => start());
      const img = screen.getByRole('img', { name: 'Guest' });
      expect(img).toHaveAttribute('src', '/media/m-01');

      fireEvent.error(img);
      await act(async () => vi.advanceTimersByTime(500));
      expect(screen.getByRole('img', { name: 'Guest' })).toHaveAttribute('src', '/media/m-01?retry=1');
      fireEvent.error(screen.getByRole('img', { name: 'Guest' }));
      await act(async () => vi.advanceTimersByTime(500));
      expect(screen.getByRole('img', { name: 'Guest' })).toHaveAttribute('src', '/media/m-01?retry=2');
      // Still failing: the default avatar, no more requests.
      fireEvent.error(screen.getByRole('img', { name: 'Guest' }));
      expect(screen.getByRole('img', { name: 'Guest' })).toHaveAttribute('src', '/avatars/default.svg');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the default avatar for an upload, never requested, when the page gets no service worker', async () => {
    let refuse!: (error: Error) => void;
    holdUploadsUntil(new Promise<void>((_, reject) => (refuse = reject)));
    render(<Avatar src="/media/m-01" name="Guest" />);
    expect(screen.getByRole('img', { name: 'Guest' }).tagName).toBe('SPAN');
    await act(async () => refuse(new Error('service workers are blocked')));
    expect(screen.getByRole('img', { name: 'Guest' })).toHaveAttribute('src', '/avatars/default.svg');
    // Shipped avatars come from the static host and need no worker.
    render(<Avatar src="/avatars/seed-1.svg" name="Maya" />);
    expect(screen.getByRole('img', { name: 'Maya' })).toHaveAttribute('src', '/avatars/seed-1.svg');
  });

  it('shows the default avatar for a URL that is not a safe same-origin path', () => {
    render(<Avatar src={'/\\evil.example/p.png'} name="Mallory" />);
    expect(screen.getByRole('img', { name: 'Mallory' })).toHaveAttribute('src', '/avatars/default.svg');
  });

  it('shows a picked file’s local preview as it is', () => {
    render(<Avatar src="/avatars/seed-1.svg" localSrc="blob:http://localhost/preview" name="Me" />);
    expect(screen.getByRole('img', { name: 'Me' })).toHaveAttribute('src', 'blob:http://localhost/preview');
  });
});
