import { Repeat } from 'lucide-react';

/** 'Monthly pass · renews 31 Dec' beside a booking (lists, dashboard, booking pages). */
export function PassBadge({ text, className = '' }: { text: string; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset ${className}`}>
      <Repeat aria-hidden="true" className="size-3.5" />
      {text}
    </span>
  );
}
