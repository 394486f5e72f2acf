import { CalendarDays, ChevronRight, CircleHelp, IndianRupee, LayoutList, type LucideIcon, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { zonedParts } from '@parkly/shared/time';
import { buttonClass } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-field';
import { DocumentTitle } from '../../components/ui/page';
import { PageSpinner } from '../../components/ui/spinner';
import { useRealtimeEvent } from '../../lib/realtime';
import { useDefaultTimeZone } from '../../lib/use-default-time-zone';
import { useProfile } from '../accounts/api/get-profile';
import { useMyListings } from '../listings/api/get-my-listings';
import { HostListingsSummary } from '../../components/parking/host-listings-summary';
import { useHostDashboard } from './api/get-host-dashboard';
import { DashboardEarnings } from './components/dashboard-earnings';
import { DashboardRequests } from './components/dashboard-requests';
import { DashboardTodo } from './components/dashboard-todo';
import { DashboardToday } from './components/dashboard-today';
import { DashboardUpcoming } from './components/dashboard-upcoming';
import { DashboardPasses } from './components/dashboard-passes';

const QUICK_LINKS: { to: string; icon: LucideIcon; title: string; text: string }[] = [
  { to: '/my-listing', icon: LayoutList, title: 'My Listing', text: 'Your spaces, prices and availability' },
  { to: '/HostBoking_history', icon: CalendarDays, title: 'Booking history', text: 'Every booking, filtered and exported' },
  { to: '/earning', icon: IndianRupee, title: 'Earning', text: 'What you have earned and your payouts' },
  { to: '/helper', icon: CircleHelp, title: 'Help', text: 'Answers for hosts and how to reach us' },
];

/** Good morning / afternoon / evening, by the clock of the zone. */
function greeting(timeZone: string, now = new Date()) {
  const hour = Number(zonedParts(now, timeZone).time.slice(0, 2));
  return hour < 12 ? 'Good morning' : hour < 17 ? 'Good afternoon' : 'Good evening';
}

function FirstSpaceCard() {
  return (
    <section aria-labelledby="first-space" className="overflow-hidden rounded-2xl border border-brand-200 bg-gradient-to-br from-brand-50 to-white p-6 sm:p-8">
      <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
        <Plus className="size-6" />
      </span>
      <h2 id="first-space" className="mt-4 text-xl font-semibold text-slate-900">
        Add your first space
      </h2>
      <p className="mt-1 max-w-prose text-slate-600">
        Tell drivers where it is, what fits and what it costs. Your bookings, requests to answer and earnings will show up here once guests start booking.
      </p>
      <Link to="/add_parking" className={buttonClass('primary', 'mt-5')}>
        <Plus aria-hidden="true" className="size-4" /> Add your first space
      </Link>
    </section>
  );
}

/** The host's spaces, or the invitation to add the first one; nothing is claimed before the list has loaded. */
function ListingsSection() {
  const listings = useMyListings();
  if (listings.isPending) {
    return (
      <div aria-hidden="true" className="h-64 animate-pulse rounded-2xl border border-slate-200 bg-white">
        <div className="m-6 h-5 w-32 rounded bg-slate-200" />
      </div>
    );
  }
  if (listings.isError) return <FormAlert message="We could not load your spaces. Reload the page to try again." />;
  return listings.data.length === 0 ? <FirstSpaceCard /> : <HostListingsSummary listings={listings.data} />;
}

function QuickLinks() {
  return (
    <nav aria-label="Host quick links">
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {QUICK_LINKS.map(({ to, icon: Icon, title, text }) => (
          <li key={to}>
            <Link to={to} className="group flex h-full items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-200 hover:bg-brand-50">
              <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 group-hover:bg-white">
                <Icon className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900">{title}</span>
                <span className="block text-sm text-slate-600">{text}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 text-slate-500" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Requests, today and what comes next, from GET host/dashboard (polled, so a new request shows up by itself). */
function BookingsColumn({ dashboard, timeZone }: { dashboard: ReturnType<typeof useHostDashboard>; timeZone: string }) {
  if (dashboard.isPending) {
    return (
      <div aria-hidden="true" className="space-y-6">
        <div className="h-40 animate-pulse rounded-2xl border border-slate-200 bg-white" />
        <div className="h-56 animate-pulse rounded-2xl border border-slate-200 bg-white" />
      </div>
    );
  }
  if (dashboard.isError) return <FormAlert message="We could not load your bookings. Reload the page to try again." />;
  const d = dashboard.data;
  if (d.listings.active + d.listings.paused + d.listings.draft === 0 && d.requests.length === 0 && d.upcoming.length === 0) return <FirstSpaceCard />;
  return (
    <div className="space-y-6">
      <DashboardRequests requests={d.requests} />
      <DashboardToday arrivals={d.arrivals_today} departures={d.departures_today} timeZone={timeZone} note={d.time_zone_note} />
      <DashboardPasses />
      <DashboardUpcoming bookings={d.upcoming} />
    </div>
  );
}

/** /hosthomes: the host's day at a glance: requests to answer, arrivals and departures, what is next, money and to-dos. */
export default function HostHomePage() {
  const profile = useProfile();
  const dashboard = useHostDashboard();
  // a booking of the host's changed (a new request, a cancellation): refresh now; polling stays as the fallback
  useRealtimeEvent('booking', () => void dashboard.refetch());
  const timeZone = useDefaultTimeZone();
  if (!profile.data) return profile.isError ? <FormAlert message="We could not load your profile. Reload the page to try again." /> : <PageSpinner />;
  const { name, id_verification_status } = profile.data;
  const firstName = name.trim().split(/\s+/)[0] ?? name;
  const d = dashboard.data;
  const hasSpaces = d ? d.listings.active + d.listings.paused + d.listings.draft > 0 : true;
  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <DocumentTitle title="Host dashboard" />
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Host dashboard</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {greeting(timeZone)}, {firstName}
        </h1>
        {/* on a phone: bookings, then to-dos and money, then the spaces; on a wide screen money and to-dos sit beside */}
        <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]">
          <BookingsColumn dashboard={dashboard} timeZone={timeZone} />
          <div className="space-y-6 lg:row-span-2">
            <DashboardTodo drafts={d?.todo.drafts ?? 0} idStatus={d?.todo.id_status ?? id_verification_status} />
            <DashboardEarnings />
          </div>
          <div className="space-y-6 lg:col-start-1">
            {hasSpaces && <ListingsSection />}
            <QuickLinks />
          </div>
        </div>
      </div>
    </div>
  );
}
