import { Link } from 'react-router';

/** The Parkly mark: a P on a teal tile with an amber dot. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="9" fill="#0f766e" />
      <path d="M11 24V8h6.5a5 5 0 0 1 0 10H11" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="23.5" cy="23.5" r="2.5" fill="#f59e0b" />
    </svg>
  );
}

/** The mark and word, linking home. */
export function Logo() {
  return (
    <Link to="/" aria-label="Parkly home" className="flex shrink-0 items-center gap-2 rounded-lg">
      <LogoMark />
      <span className="text-xl font-bold tracking-tight text-slate-900">Parkly</span>
    </Link>
  );
}
