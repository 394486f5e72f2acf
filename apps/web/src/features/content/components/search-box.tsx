import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';

/** A labelled search input with a magnifier icon (the label can be visually hidden). */
export function SearchBox({ label, hideLabel = false, id, ...props }: { label: string; hideLabel?: boolean; id: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-slate-800'}>
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
        <input
          id={id}
          type="search"
          autoComplete="off"
          className="block w-full rounded-xl border border-slate-300 bg-white py-3 pr-3 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-700 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          {...props}
        />
      </div>
    </div>
  );
}
