/** The product mark (same drawing as /favicon.svg): rising stages on a blue tile. Decorative. */
export function BrandLogo({ className = 'h-14 w-14' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden focusable="false">
      <rect width="32" height="32" rx="6" fill="#1d4ed8" />
      <path d="M7 23h18M9 23V15h5v8M16 23V10h5v13" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinejoin="round" />
    </svg>
  );
}
