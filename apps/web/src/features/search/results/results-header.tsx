import { SEARCH_COUNT_CAP, type SearchSort } from '@parkly/shared/search-options';
import { List, Map as MapIcon } from 'lucide-react';
import { useId } from 'react';

const SORTS: { value: SearchSort; label: string }[] = [
  { value: 'distance', label: 'Nearest' },
  { value: 'price', label: 'Price: low to high' },
  { value: 'rating', label: 'Top rated' },
];

/**
 * The server counts matches up to SEARCH_COUNT_CAP and then says `total_capped`: '100+ spaces'. Without
 * the flag, a total at the cap is shown the same way (it means at least that many).
 */
export const isCapped = (total: number, capped?: boolean) => capped ?? total >= SEARCH_COUNT_CAP;

/** A match count as the page says it: the number, with '+' when the server stopped counting. */
export const countNumber = (total: number, capped?: boolean) => (isCapped(total, capped) ? `${total}+` : `${total}`);

/** '12 spaces', '1 space', '100+ spaces'. */
export const countText = (total: number, capped?: boolean) => `${countNumber(total, capped)} ${total === 1 && !isCapped(total, capped) ? 'space' : 'spaces'}`;

interface ResultsHeaderProps {
  title: string;
  headingId: string;
  /** undefined while the first answer is on its way */
  total: number | undefined;
  /** the answer's total_capped: more match than the server counts */
  totalCapped?: boolean;
  /** the search failed: no count to give */
  failed: boolean;
  sort: SearchSort;
  onSort: (sort: SearchSort) => void;
  view: 'list' | 'map';
  onView: (view: 'list' | 'map') => void;
}

// icons only on the narrowest screens, where the count, the sort and the switch share one row
const toggleClass =
  'inline-flex min-h-9 min-w-10 items-center justify-center gap-1.5 rounded-md px-2.5 sm:px-3 text-sm font-semibold text-slate-700 aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm';

/** The heading, how many spaces match, the sort and (on a phone) the list or map switch. */
export function ResultsHeader({ title, headingId, total, totalCapped, failed, sort, onSort, view, onView }: ResultsHeaderProps) {
  const sortId = useId();
  return (
    <div className="flex flex-col gap-2">
      <h1 id={headingId} className="sr-only text-xl font-bold tracking-tight text-slate-900 lg:not-sr-only">
        {title}
      </h1>
      <div className="flex items-center gap-2">
        <p role="status" className="mr-auto min-w-0 truncate text-sm font-semibold text-slate-800 sm:text-base">
          {failed ? 'No results' : total === undefined ? 'Searching…' : countText(total, totalCapped)}
        </p>
        <label htmlFor={sortId} className="sr-only text-sm text-slate-600 sm:not-sr-only">
          Sort by
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(e) => onSort(e.target.value as SearchSort)}
          className="min-h-10 shrink-0 rounded-lg border border-slate-300 bg-white py-1.5 pr-8 pl-2.5 text-sm font-medium text-slate-800 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        >
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        <div role="group" aria-label="Show results as" className="inline-flex shrink-0 rounded-lg bg-slate-100 p-0.5 lg:hidden">
          <button type="button" aria-pressed={view === 'list'} onClick={() => onView('list')} className={toggleClass}>
            <List aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">List</span>
          </button>
          <button type="button" aria-pressed={view === 'map'} onClick={() => onView('map')} className={toggleClass}>
            <MapIcon aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">Map</span>
          </button>
        </div>
      </div>
    </div>
  );
}
