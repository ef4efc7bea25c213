/**
 * The product mark: a car's side profile riding on a pen stroke — car media, written by its authors.
 * Drawn inline (currentColor) so it works on the brand-blue header and on white. With a `title` it is an image
 * named by it (issue #9: the logo has an accessible name); without one it is decorative and hidden from
 * assistive technology, never an unnamed image.
 */
export function Logo({ size = 32, title }: { size?: number; title?: string }) {
  const a11y = title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true };
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" focusable="false" {...a11y}>
      {title ? <title>{title}</title> : null}
      <rect x="1" y="1" width="38" height="38" rx="10" fill="currentColor" opacity="0.18" />
      <path
        d="M7 24.5v-3.2c0-.9.6-1.7 1.5-1.9l3.6-.9 3.4-4.1c.6-.7 1.4-1.1 2.3-1.1h6.1c.9 0 1.7.4 2.3 1.1l3.2 4 3.2.8c.9.2 1.4 1 1.4 1.9v3.4c0 .6-.5 1.1-1.1 1.1H8.1c-.6 0-1.1-.5-1.1-1.1z"
        fill="currentColor"
      />
      <path
        d="M15.6 18.6l2.3-2.9c.2-.2.4-.3.7-.3h2.9v3.2zm7.5 0v-3.2h2.3c.3 0 .5.1.7.3l2.3 2.9z"
        fill="#2468F2"
      />
      <circle cx="13" cy="25.6" r="3" fill="#2468F2" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="27" cy="25.6" r="3" fill="#2468F2" stroke="currentColor" strokeWidth="1.6" />
      <path
        d="M6 32.2c5-1.6 9.6-1.2 14 .2s9 1.4 14-.4"
        stroke="currentColor"
        strokeWidth="1.8"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
