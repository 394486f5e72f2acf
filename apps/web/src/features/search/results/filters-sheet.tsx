import { AMENITIES, AMENITY_KEYS, PARKING_TYPES, PARKING_TYPE_KEYS, VEHICLE_TYPES, VEHICLE_TYPE_KEYS, type VehicleType } from '@parkly/shared/catalog';
import { Star } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { toMajorText, toMinor } from '../../../lib/money';
import { toApiQuery, type SearchState } from '../../../lib/search-state';
import { countText } from './results-header';
import { activeFilterCount, filtersOf, NO_FILTERS, type Filters } from './search-defaults';
// already loaded on demand: the dialog comes with it rather than after it
import SheetDialog from './sheet-dialog';
import { useDebounced } from './use-debounced';
import { useMatchCount } from './use-match-count';

const RATINGS = [
  { value: undefined, label: 'Any' },
  { value: 3, label: '3+' },
  { value: 4, label: '4+' },
  { value: 4.5, label: '4.5+' },
] as const;

interface Draft extends Omit<Filters, 'min_price' | 'max_price'> {
  minText: string;
  maxText: string;
}

const draftOf = (f: Filters): Draft => ({ ...f, minText: toMajorText(f.min_price), maxText: toMajorText(f.max_price) });

/** The draft as filters; the price fields take rupees and the search wants paise. */
function filtersOfDraft({ minText, maxText, ...rest }: Draft): Filters {
  return { ...rest, min_price: toMinor(minText) ?? undefined, max_price: toMinor(maxText) ?? undefined };
}

const toggle = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    // the padding sits outside the fieldset: inside it, the legend would sit above the padding, on the line
    <div className="border-b border-slate-200 py-4 first:pt-0 last:border-b-0">
      <fieldset>
        <legend className="mb-3 text-base font-semibold text-slate-900">{legend}</legend>
        {children}
      </fieldset>
    </div>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm text-slate-800">
      <input type="checkbox" checked={checked} onChange={onChange} className="size-5 shrink-0 rounded accent-brand-700" />
      {label}
    </label>
  );
}

const fieldClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';

export interface FiltersSheetProps {
  /** the search being shown: the panel counts matches for its place and time with the draft filters */
  search: SearchState;
  onApply: (f: Filters) => void;
}

/**
 * The Filters panel, drafted from the search's filters each time it opens; its button says how many spaces
 * match. Loaded when it first opens (filters-panel.tsx).
 */
export default function FiltersSheet({ search, onApply, onClose }: FiltersSheetProps & { onClose: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(filtersOf(search)));
  const hasWindow = Boolean(search.start && search.end);

  const drafted = filtersOfDraft(draft);
  const priceProblem =
    (draft.minText !== '' && toMinor(draft.minText) === null) || (draft.maxText !== '' && toMinor(draft.maxText) === null)
      ? 'Type prices as numbers of rupees'
      : drafted.min_price !== undefined && drafted.max_price !== undefined && drafted.min_price > drafted.max_price
        ? 'The maximum must be at least the minimum'
        : null;
  const countQuery = useDebounced(!priceProblem ? (toApiQuery({ ...search, ...drafted }, { limit: 1 })?.toString() ?? null) : null, 250);
  const count = useMatchCount(countQuery);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const apply = () => {
    if (priceProblem) return;
    onApply(drafted);
    onClose();
  };

  const showLabel = count.data === undefined ? 'Show spaces' : `Show ${countText(count.data.total, count.data.capped)}`;

  return (
    <>
      <SheetDialog
        open
        onOpenChange={(next) => !next && onClose()}
        title="Filters"
        placement="side"
        footer={
          <>
            <Button variant="ghost" onClick={() => setDraft(draftOf(NO_FILTERS))} disabled={activeFilterCount(drafted) === 0 && draft.minText === '' && draft.maxText === ''}>
              Clear all
            </Button>
            <Button onClick={apply} disabled={priceProblem !== null} aria-busy={count.isFetching || undefined} className="min-w-40">
              {showLabel}
            </Button>
          </>
        }
      >
        <Group legend="Type of space">
          <div className="grid grid-cols-2 gap-x-3">
            {PARKING_TYPE_KEYS.map((k) => (
              <Check key={k} label={PARKING_TYPES[k].label} checked={draft.parking_type.includes(k)} onChange={() => set({ parking_type: toggle(draft.parking_type, k) })} />
            ))}
          </div>
        </Group>
        <Group legend="Vehicle">
          <label htmlFor={`${id}-vehicle`} className="sr-only">
            Vehicle type
          </label>
          <select
            id={`${id}-vehicle`}
            value={draft.vehicle_type ?? ''}
            onChange={(e) => set({ vehicle_type: (e.target.value || undefined) as VehicleType | undefined })}
            className={fieldClass}
          >
            <option value="">Any vehicle</option>
            {VEHICLE_TYPE_KEYS.map((k) => (
              <option key={k} value={k}>
                {VEHICLE_TYPES[k].label}
              </option>
            ))}
          </select>
        </Group>
        <Group legend="Amenities">
          <div className="grid grid-cols-2 gap-x-3">
            {AMENITY_KEYS.map((k) => (
              <Check key={k} label={AMENITIES[k].label} checked={draft.amenities.includes(k)} onChange={() => set({ amenities: toggle(draft.amenities, k) })} />
            ))}
          </div>
        </Group>
        <Group legend="Price">
          <p id={`${id}-price-hint`} className="-mt-1 mb-3 text-sm text-slate-600">
            {hasWindow ? 'The total for your time, service fee included.' : 'The price of an hour.'}
          </p>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor={`${id}-min`} className="mb-1.5 block text-sm font-medium text-slate-800">
                Min price (₹)
              </label>
              <input
                id={`${id}-min`}
                inputMode="decimal"
                placeholder="No min"
                value={draft.minText}
                onChange={(e) => set({ minText: e.target.value })}
                aria-describedby={`${id}-price-hint`}
                aria-invalid={priceProblem ? true : undefined}
                className={fieldClass}
              />
            </div>
            <div>
              <label htmlFor={`${id}-max`} className="mb-1.5 block text-sm font-medium text-slate-800">
                Max price (₹)
              </label>
              <input
                id={`${id}-max`}
                inputMode="decimal"
                placeholder="No max"
                value={draft.maxText}
                onChange={(e) => set({ maxText: e.target.value })}
                aria-describedby={`${id}-price-hint`}
                aria-invalid={priceProblem ? true : undefined}
                className={fieldClass}
              />
            </div>
          </div>
          {priceProblem && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {priceProblem}
            </p>
          )}
        </Group>
        <Group legend="Booking">
          <Check label="Instant book only" checked={draft.instant_book === true} onChange={() => set({ instant_book: draft.instant_book ? undefined : true })} />
        </Group>
        <Group legend="Minimum rating">
          <div className="grid grid-cols-4 gap-2">
            {RATINGS.map((r) => (
              <label
                key={r.label}
                className="flex min-h-10 cursor-pointer items-center justify-center gap-1 rounded-lg border border-slate-300 text-sm font-medium text-slate-800 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
              >
                <input type="radio" name={`${id}-rating`} checked={draft.min_rating === r.value} onChange={() => set({ min_rating: r.value })} className="sr-only" />
                {r.value !== undefined && <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-400" />}
                {r.label}
                {r.value !== undefined && <span className="sr-only"> stars</span>}
              </label>
            ))}
          </div>
        </Group>
      </SheetDialog>
    </>
  );
}
