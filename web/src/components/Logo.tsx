/**
 * The Murmur mark (the drawing of public/logo.svg, which scripts/media/svgs.py
 * makes), drawn inline. As an `<img>` of that file it cost the main thread a
 * document of its own, made when the file arrived (an SVG image is one), in
 * the middle of a sign-in's move to Home and of a return visit's first
 * frames (bench/NOTES.md, item 29). Decorative: whatever wraps it carries the name.
 */
export function Logo({ size = 32, className = '' }: { size?: number; className?: string }) {
  return (
    <svg
      className={`logo ${className}`.trim()}
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="#6b4de6"
        d="M32 5C17 5 5 15.4 5 29c0 7.3 3.5 13.8 9 18.2L11.5 59l13.3-7c2.3.6 4.7.9 7.2.9 15 0 27-10.3 27-23.9S47 5 32 5Z"
      />
      <path
        fill="none"
        stroke="#fff"
        strokeWidth={4.6}
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M16 29c2.5-6.5 5.5-6.5 8 0s5.5 6.5 8 0 5.5-6.5 8 0 5.5 6.5 8 0"
      />
    </svg>
  );
}
