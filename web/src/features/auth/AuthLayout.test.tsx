import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { LoginPage } from './LoginPage';
import { stubMatchMedia } from '../../testing/matchMediaStub';

describe('login background', () => {
  it('plays a muted, looping, inline video with a poster, webm before mp4', () => {
    stubMatchMedia(() => false);
    const { container } = renderWithProviders(<LoginPage />);
    const video = container.querySelector('video');
    expect(video).not.toBeNull();
    expect(video!.muted).toBe(true);
    expect(video!.loop).toBe(true);
    expect(video!.autoplay).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(video!.getAttribute('poster')).toBe('/video/login-poster.jpg');
    const sources = [...video!.querySelectorAll('source')].map((s) => s.getAttribute('type'));
    expect(sources).toEqual(['video/webm', 'video/mp4']);
    expect(screen.getByRole('button', { name: 'Pause background video' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows only the poster when reduced motion is requested', () => {
    stubMatchMedia((query) => query === '(prefers-reduced-motion: reduce)');
    const { container } = renderWithProviders(<LoginPage />);
    expect(container.querySelector('video')).toBeNull();
    expect(container.querySelector('img[src="/video/login-poster.jpg"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: /background video/ })).toBeNull();
  });

  it('has the welcome heading, a tagline and a link to sign up', () => {
    stubMatchMedia();
    renderWithProviders(<LoginPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Murmur' })).toBeInTheDocument();
    expect(screen.getByText(/Short posts, warm replies/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });
});
