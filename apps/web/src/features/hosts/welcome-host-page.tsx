import { CalendarClock, CircleCheck, IndianRupee, type LucideIcon, ShieldCheck, Timer, Warehouse } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-field';
import { DocumentTitle } from '../../components/ui/page';
import { PageSpinner } from '../../components/ui/spinner';
import { setMode } from '../../lib/storage';
import { useProfile } from '../accounts/api/get-profile';
import { VerificationStatus } from '../../components/account/verification-status';
import { useBecomeHost } from './api/become-host';
import { useAppConfig } from '../../lib/use-app-config';

type PointData = { icon: LucideIcon; title: string; text: string };

/** The commission comes from the server's settings (HOST_COMMISSION_PERCENT), never a copy in the client. */
const points = (commission: number | undefined): PointData[] => [
  { icon: Warehouse, title: 'Earn from space you do not use', text: 'A driveway, garage, parking lot or storage yard: drivers near you are looking for it.' },
  { icon: Timer, title: 'List in two minutes', text: 'Add a title, the address, a few photos and your prices. You can change everything later.' },
  { icon: CalendarClock, title: 'You choose price and availability', text: 'Set hourly, daily, weekly or monthly rates, your opening hours, and whether guests book instantly or ask first.' },
  {
    icon: IndianRupee,
    title: commission === undefined ? 'A simple commission' : `A simple ${commission}% commission`,
    text: `Parkly keeps ${commission === undefined ? 'a small share' : `${commission}%`} of each booking. The rest goes to your earnings, and you request a payout whenever you like.`,
  },
];

function Point({ icon: Icon, title, text }: PointData) {
  return (
    <li className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon className="size-6" />
      </span>
      <div>
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <p className="mt-1 text-sm text-slate-600">{text}</p>
      </div>
    </li>
  );
}

function HostAction({ isHost }: { isHost: boolean }) {
  const navigate = useNavigate();
  const become = useBecomeHost();
  if (isHost) {
    return (
      <div className="space-y-3">
        <p className="inline-flex items-center gap-2 font-medium text-emerald-800">
          <CircleCheck aria-hidden="true" className="size-5" /> You are already a host.
        </p>
        <Button
          className="w-full"
          onClick={() => {
            setMode('host');
            navigate('/hosthomes');
          }}
        >
          Go to the host dashboard
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <Button className="w-full py-3 text-base" disabled={become.isPending} onClick={() => become.mutate(undefined, { onSuccess: () => navigate('/hosthomes') })}>
        {become.isPending ? 'Please wait…' : 'Become a Host'}
      </Button>
      <FormAlert message={become.error?.message} />
      <p className="text-center text-xs text-slate-600">Free to join. You can switch back to guest mode any time from the menu.</p>
    </div>
  );
}

export default function WelcomeHostPage() {
  const profile = useProfile();
  const config = useAppConfig();
  if (!profile.data) return profile.isError ? <FormAlert message="We could not load your profile. Reload the page to try again." /> : <PageSpinner />;
  const { host_user, id_verification_status } = profile.data;
  return (
    <>
      <DocumentTitle title="Become a Host" />
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">Parkly hosting</p>
          <h1 className="mt-2 max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl">Turn your empty space into monthly income</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-50">
            Drivers across your city need a safe place for their car, bike, van or boat. Share your driveway, garage, lot or storage yard and get paid for every booking.
          </p>
        </div>
      </section>
      <div className="mx-auto grid grid-cols-1 max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="why-host">
          <h2 id="why-host" className="text-xl font-semibold text-slate-900">
            Why host with Parkly
          </h2>
          <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
            {points(config.data?.host_commission_percent).map((point) => (
              <Point key={point.title} {...point} />
            ))}
          </ul>
        </section>
        <aside className="order-first space-y-4 lg:order-none lg:sticky lg:top-6 lg:self-start">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold text-slate-900">{host_user === 1 ? 'Welcome back, host' : 'Ready to start?'}</h2>
            <p className="mt-1 mb-5 text-sm text-slate-600">{host_user === 1 ? 'Manage your spaces and bookings from your dashboard.' : 'Become a host now and add your first space right after.'}</p>
            <HostAction isHost={host_user === 1} />
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" /> ID verification
            </h2>
            <p className="mt-1 mb-3 text-sm text-slate-600">Verified hosts get a badge on their listings. You can publish before the review is done.</p>
            <VerificationStatus status={id_verification_status} />
          </div>
        </aside>
      </div>
    </>
  );
}
