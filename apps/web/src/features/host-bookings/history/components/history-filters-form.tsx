import type { ListingSummary } from '@parkly/shared/listings';
import { BOOKING_STATUSES, type BookingStatus } from '@parkly/shared/catalog';
import { X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { HOST_STATUS_LABELS } from '../../booking/components/host-booking-words';
import { hasFilters, NO_FILTERS, type HistoryFilters } from '../history-filters';

const control =
  'block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';

function Field({ label, children, error, wide }: { label: string; error?: string; wide?: boolean; children: (id: string, describedBy?: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={`min-w-0 space-y-1.5 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(id, error ? `${id}-error` : undefined)}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The history's filters: each change applies at once (the list and its totals follow the address). */
export function HistoryFiltersForm({
  value,
  onChange,
  listings,
  dateError,
  timeZoneNote,
}: {
  value: HistoryFilters;
  onChange: (next: HistoryFilters) => void;
  listings: ListingSummary[] | undefined;
  dateError?: string;
  timeZoneNote: string;
}) {
  const set = (patch: Partial<HistoryFilters>) => onChange({ ...value, ...patch });
  // a listing in the address that the host no longer has still shows as chosen, so it can be cleared
  const known = !value.listing || !listings || listings.some((l) => l.id === value.listing);
  return (
    <form role="search" aria-label="Filter bookings" onSubmit={(e) => e.preventDefault()} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,0.9fr)_minmax(0,0.9fr)]">
        <Field label="Listing" wide>
          {(id) => (
            <select id={id} className={`${control} border-slate-300`} value={value.listing} onChange={(e) => set({ listing: e.target.value })}>
              <option value="">All listings</option>
              {!known && <option value={value.listing}>A listing you no longer have</option>}
              {listings?.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.title ?? 'Untitled listing'}
                  {l.status === 'active' ? '' : ` (${l.status.replace('_', ' ')})`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Status" wide>
          {(id) => (
            <select id={id} className={`${control} border-slate-300`} value={value.status} onChange={(e) => set({ status: e.target.value as BookingStatus | '' })}>
              <option value="">All paid or requested</option>
              {BOOKING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {HOST_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="From">
          {(id) => <input id={id} type="date" className={`${control} border-slate-300`} value={value.from} max={value.to || undefined} onChange={(e) => set({ from: e.target.value })} />}
        </Field>
        <Field label="To" error={dateError}>
          {(id, describedBy) => (
            <input
              id={id}
              type="date"
              className={`${control} ${dateError ? 'border-red-600' : 'border-slate-300'}`}
              value={value.to}
              min={value.from || undefined}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => set({ to: e.target.value })}
            />
          )}
        </Field>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-600">{timeZoneNote}</p>
        {hasFilters(value) && (
          <Button variant="ghost" onClick={() => onChange(NO_FILTERS)}>
            <X aria-hidden="true" className="size-4" /> Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}
