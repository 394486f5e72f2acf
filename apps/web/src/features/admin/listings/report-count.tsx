import { Flag } from 'lucide-react';

/** '2 open reports' in words with a flag, or nothing when there are none. */
export function ReportCount({ n }: { n: number }) {
  if (n === 0) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-orange-50 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-orange-900 ring-1 ring-orange-300 ring-inset">
      <Flag aria-hidden="true" className="size-3.5" /> {n} open {n === 1 ? 'report' : 'reports'}
    </span>
  );
}
