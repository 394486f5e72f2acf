import { BOOKING_LIST_KINDS, type BookingListKind } from '@parkly/shared/bookings';
import { CalendarCheck, CalendarX, History, Search } from 'lucide-react';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-field';
import { DocumentTitle } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { useBookings } from './api/list-bookings';
import { BookingCard } from './components/booking-card';

const TABS: Record<BookingListKind, { label: string; icon: ReactNode; empty: { title: string; text: string } }> = {
  upcoming: {
    label: 'Upcoming',
    icon: <CalendarCheck aria-hidden="true" className="size-4" />,
    empty: { title: 'No upcoming bookings', text: 'Book a space and it shows here, with its times, the address and how to get in.' },
  },
  past: {
    label: 'Past',
    icon: <History aria-hidden="true" className="size-4" />,
    empty: { title: 'No past bookings yet', text: 'Once a stay is over it moves here, with its receipt, so you can find it again.' },
  },
  cancelled: {
    label: 'Cancelled',
    icon: <CalendarX aria-hidden="true" className="size-4" />,
    empty: { title: 'Nothing cancelled', text: 'Bookings that you or a host cancel, and holds that expired, show here with any refund.' },
  },
};

const isTab = (s: string | null): s is BookingListKind => (BOOKING_LIST_KINDS as readonly string[]).includes(s ?? '');

function Tabs({ value, onChange }: { value: BookingListKind; onChange: (tab: BookingListKind) => void }) {
  const refs = useRef(new Map<BookingListKind, HTMLButtonElement>());
  // arrow keys move between tabs and select them (the WAI-ARIA tabs pattern, automatic activation)
  const onKeyDown = (e: KeyboardEvent) => {
    const i = BOOKING_LIST_KINDS.indexOf(value);
    const n = BOOKING_LIST_KINDS.length;
    const to = { ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const tab = BOOKING_LIST_KINDS[to]!;
    onChange(tab);
    refs.current.get(tab)?.focus();
  };
  return (
    <div role="tablist" aria-label="Bookings" onKeyDown={onKeyDown} className="flex gap-1 rounded-xl bg-slate-200/70 p-1 sm:inline-flex">
      {BOOKING_LIST_KINDS.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            if (el) refs.current.set(tab, el);
          }}
          type="button"
          role="tab"
          id={`tab-${tab}`}
          aria-selected={value === tab}
          aria-controls="bookings-panel"
          tabIndex={value === tab ? 0 : -1}
          onClick={() => onChange(tab)}
          className={`inline-flex min-h-10 flex-1 items-center justify-center gap-1.5 rounded-lg px-4 text-sm font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none sm:flex-none ${
            value === tab ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:bg-white/60'
          }`}
        >
          {TABS[tab].icon}
          {TABS[tab].label}
        </button>
      ))}
    </div>
  );
}

function EmptyState({ tab, onShowUpcoming }: { tab: BookingListKind; onShowUpcoming: () => void }) {
  const { title, text } = TABS[tab].empty;
  return (
    <div className="rounded-2xl border border-dashed border-brand-200 bg-gradient-to-br from-brand-50 to-white px-6 py-12 text-center">
      <span aria-hidden="true" className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-sm">
        {tab === 'upcoming' ? <CalendarCheck className="size-7" /> : tab === 'past' ? <History className="size-7" /> : <CalendarX className="size-7" />}
      </span>
      <h2 className="mt-4 text-xl font-semibold text-slate-900">{title}</h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">{text}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/parking" className={buttonClass('primary')}>
          <Search aria-hidden="true" className="size-4" /> Find parking
        </Link>
        {tab !== 'upcoming' && (
          <Button variant="secondary" onClick={onShowUpcoming}>
            See upcoming bookings
          </Button>
        )}
      </div>
    </div>
  );
}

function LoadingCards() {
  return (
    <div>
      <Spinner label="Loading your bookings" className="sr-only" />
      <ul aria-hidden="true" className="space-y-4">
        {[0, 1].map((i) => (
          <li key={i} className="flex animate-pulse flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white sm:flex-row">
            <div className="aspect-[16/9] bg-slate-200 sm:aspect-auto sm:h-36 sm:w-48" />
            <div className="flex-1 space-y-3 p-4">
              <div className="h-4 w-24 rounded bg-slate-200" />
              <div className="h-5 w-2/3 rounded bg-slate-200" />
              <div className="h-4 w-1/2 rounded bg-slate-200" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function BookingsPanel({ tab, onShowUpcoming }: { tab: BookingListKind; onShowUpcoming: () => void }) {
  const bookings = useBookings(tab);
  if (bookings.isPending) return <LoadingCards />;
  if (bookings.isLoadingError)
    return (
      <div className="space-y-3">
        <FormAlert message={`We could not load your bookings. ${bookings.error.message}`} />
        <Button variant="secondary" onClick={() => void bookings.refetch()}>
          Try again
        </Button>
      </div>
    );
  const all = bookings.data.pages.flatMap((p) => p.result);
  if (all.length === 0) return <EmptyState tab={tab} onShowUpcoming={onShowUpcoming} />;
  return (
    <div className="space-y-4">
      <ul aria-label={`${TABS[tab].label} bookings`} className="space-y-4">
        {all.map((b) => (
          <BookingCard key={b.id} booking={b} />
        ))}
      </ul>
      <p role="status" className="sr-only">
        {`Showing ${all.length} ${all.length === 1 ? 'booking' : 'bookings'}`}
      </p>
      {bookings.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" disabled={bookings.isFetchingNextPage} onClick={() => void bookings.fetchNextPage()}>
            {bookings.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
      {bookings.isFetchNextPageError && <FormAlert message="We could not load more bookings. Try Load more again." />}
    </div>
  );
}

/** /ownerbooking: the driver's bookings in three tabs (the tab is in the URL, so Back and shared links keep it). */
export default function MyBookingsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: BookingListKind = isTab(raw) ? raw : 'upcoming';
  const choose = (next: BookingListKind) => setParams(next === 'upcoming' ? {} : { tab: next }, { replace: true });
  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
        <DocumentTitle title="My Bookings" />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My Bookings</h1>
            <p className="mt-1 text-slate-600">Your parking: times, directions, receipts and refunds.</p>
          </div>
          <Link to="/parking" className={buttonClass('secondary')}>
            <Search aria-hidden="true" className="size-4" /> Find parking
          </Link>
        </div>
        <div className="mt-6">
          <Tabs value={tab} onChange={choose} />
        </div>
        <div role="tabpanel" id="bookings-panel" aria-labelledby={`tab-${tab}`} className="mt-6">
          <BookingsPanel key={tab} tab={tab} onShowUpcoming={() => choose('upcoming')} />
        </div>
      </div>
    </div>
  );
}
