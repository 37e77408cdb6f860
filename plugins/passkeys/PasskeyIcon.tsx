/** A key with a person: the passkey symbol beside the buttons (decorative). */
export function PasskeyIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="9" cy="7" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6.5 6.5-6.5 1.3 0 2.5.4 3.5 1" />
      <circle cx="17.5" cy="12.5" r="2.5" />
      <path d="M17.5 15v6M17.5 18.5h2M17.5 20.5h1.5" />
    </svg>
  );
}
