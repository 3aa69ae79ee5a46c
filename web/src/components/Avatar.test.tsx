import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
    const img = screen.getByRole('img', { name: 'Me' });
    expect(img).toHaveAttribute('src', 'blob:http://localhost/preview');
    expect(img).not.toHaveAttribute('srcset');
  });

  it('draws a shipped avatar from its raster copies, picked for the size it is drawn at', () => {
    render(<Avatar src="/avatars/seed-2.svg" name="Leo" size={44} />);
    const img = screen.getByRole('img', { name: 'Leo' });
    expect(img).toHaveAttribute(
      'srcset',
      '/avatars/seed-2-64.webp 64w, /avatars/seed-2-128.webp 128w, /avatars/seed-2-256.webp 256w',
    );
    expect(img).toHaveAttribute('sizes', '44px');
    // The drawing stays the src: what a browser without srcset draws.
    expect(img).toHaveAttribute('src', '/avatars/seed-2.svg');
  });

  it('draws the default avatar from its copies too, and an upload from its own URL alone', async () => {
    render(<Avatar src={'/\\evil.example/p.png'} name="Mallory" size={112} />);
    const fallback = screen.getByRole('img', { name: 'Mallory' });
    expect(fallback).toHaveAttribute('srcset', expect.stringContaining('/avatars/default-256.webp 256w'));
    expect(fallback).toHaveAttribute('sizes', '112px');

    holdUploadsUntil(Promise.resolve());
    render(<Avatar src="/media/m-02" name="Uploader" />);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Uploader' })).toHaveAttribute('src', '/media/m-02'));
    const upload = screen.getByRole('img', { name: 'Uploader' });
    expect(upload).not.toHaveAttribute('srcset');
    expect(upload).not.toHaveAttribute('sizes');
  });
});
