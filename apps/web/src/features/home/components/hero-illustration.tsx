/** A drawn city map with pins: decoration only, so it is hidden from screen readers. */
export function HeroIllustration() {
  return (
    <svg aria-hidden="true" viewBox="0 0 420 340" className="h-auto w-full drop-shadow-2xl">
      <rect x="10" y="10" width="400" height="320" rx="28" fill="#f0fdfa" />
      <g fill="#ccfbf1">
        <rect x="36" y="36" width="110" height="80" rx="10" />
        <rect x="176" y="36" width="80" height="80" rx="10" />
        <rect x="286" y="36" width="98" height="130" rx="10" />
        <rect x="36" y="146" width="110" height="160" rx="10" />
        <rect x="176" y="146" width="80" height="70" rx="10" />
        <rect x="176" y="246" width="208" height="60" rx="10" />
      </g>
      <g stroke="#fff" strokeWidth="14" strokeLinecap="round">
        <path d="M161 24v292M271 24v292M24 131h372M24 231h372" />
      </g>
      <path d="M60 290 C120 250 150 200 216 180 S320 120 335 90" fill="none" stroke="#0f766e" strokeWidth="5" strokeDasharray="2 12" strokeLinecap="round" />
      <g>
        <path d="M335 30c-16 0-29 12.6-29 28.2C306 80 335 104 335 104s29-24 29-45.8C364 42.6 351 30 335 30z" fill="#0f766e" stroke="#fff" strokeWidth="4" />
        <text x="335" y="69" textAnchor="middle" fontSize="28" fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
          P
        </text>
      </g>
      <circle cx="60" cy="290" r="11" fill="#f59e0b" stroke="#fff" strokeWidth="4" />
      <g fill="#134e4a" opacity="0.85">
        <rect x="198" y="165" width="36" height="20" rx="6" />
        <rect x="58" y="60" width="36" height="20" rx="6" />
        <rect x="300" y="262" width="36" height="20" rx="6" />
      </g>
    </svg>
  );
}
