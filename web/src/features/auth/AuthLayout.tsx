import { useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Logo } from '../../components/Logo';
import { assetUrl } from '../../lib/assets';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';
import './auth.css';

interface AuthLayoutProps {
  /** The card's heading, e.g. 'Log in'. */
  title: string;
  children: ReactNode;
}

/** The login and sign-up screen: a looping video behind a welcome and a form card. */
export function AuthLayout({ title, children }: AuthLayoutProps) {
  return (
    <div className="auth">
      <AuthBackdrop />
      <main className="auth__content">
        <section className="auth__intro">
          <Logo size={56} className="auth__logo" />
          <h1 className="auth__title">Welcome to Murmur</h1>
          <p className="auth__tagline">Short posts, warm replies and the people you follow, all in one calm feed.</p>
        </section>
        <section className="auth__card" aria-labelledby="auth-card-title">
          <h2 id="auth-card-title" className="auth__card-title">
            {title}
          </h2>
          {children}
        </section>
      </main>
    </div>
  );
}

const noSubscription = () => () => {};

/**
 * False while the page is prerendered at build time and while it hydrates,
 * true from the render after (React's server snapshot).
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The full-screen background: a muted looping video with a poster frame, or
 * the poster alone when reduced motion is requested. Moving content that
 * plays on its own gets a pause control (WCAG 2.2.2). The video's sources
 * come once the app has hydrated: the prerendered page paints with the poster,
 * and the video does not compete with the scripts for a phone's bandwidth
 * (bench/NOTES.md, item 16).
 */
function AuthBackdrop() {
  const reducedMotion = usePrefersReducedMotion();
  const hydrated = useHydrated();
  const video = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(false);
  const poster = assetUrl('video/login-poster.jpg');

  function togglePlayback() {
    const element = video.current;
    if (!element) return;
    if (paused) void element.play().catch(() => {});
    else element.pause();
    setPaused(!paused);
  }

  return (
    <>
      <div className="auth__backdrop" aria-hidden="true">
        {reducedMotion ? (
          <img className="auth__media" src={poster} alt="" />
        ) : (
          <video ref={video} className="auth__media" poster={poster} autoPlay muted loop playsInline preload="auto">
            {hydrated && <source src={assetUrl('video/login.webm')} type="video/webm" />}
            {hydrated && <source src={assetUrl('video/login.mp4')} type="video/mp4" />}
          </video>
        )}
      </div>
      {!reducedMotion && (
        <button type="button" className="auth__pause" aria-pressed={paused} onClick={togglePlayback}>
          {paused ? 'Play background video' : 'Pause background video'}
        </button>
      )}
    </>
  );
}
