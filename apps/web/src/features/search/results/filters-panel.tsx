import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { FiltersSheetProps } from './filters-sheet';
import { activeFilterCount, filtersOf } from './search-defaults';

// the panel (its fields, the live count, Radix's dialog) loads when it is first opened, not with the results
const FiltersSheet = lazy(() => import('./filters-sheet'));

/** The Filters button (with how many are on) and the panel it opens; the panel's button says how many spaces match. */
export function FiltersPanel({ search, onApply }: FiltersSheetProps) {
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(filtersOf(search));

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={active > 0 ? `Filters, ${active} active` : undefined}
        className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Filters
        {active > 0 && (
          <span aria-hidden="true" className="inline-flex size-5 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white">
            {active}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <FiltersSheet search={search} onApply={onApply} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
