import { CircleHelp, Construction, House, LifeBuoy, Store } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { DocumentTitle } from '../../components/ui/page';
import { useProfile } from '../accounts/api/get-profile';

/** Screens of later issues: what each will do, so the honest "opening soon" still says something useful. */
const SCREENS: [RegExp, string, string][] = [
  [/^\/booking_details\/?$/, 'Booking details', 'let hosts see a booking and accept, decline or cancel it'],
  [/^\/chatroom\/message/, 'Chat', 'hold one conversation with a host or guest'],
  [/^\/(chatroom|chats)/, 'Chat', 'keep your conversations with hosts and guests'],
  [/^\/earning/, 'Earning', 'show your earnings by month and by space, and your payouts'],
  [/^\/HostBoking_history/, 'Booking history', 'list the bookings of your spaces'],
];

function describe(pathname: string) {
  const match = SCREENS.find(([pattern]) => pattern.test(pathname));
  return match ? { title: match[1], does: match[2] } : { title: 'Coming soon', does: 'bring more of Parkly to you' };
}

const linkClass = 'flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 font-medium text-slate-800 hover:border-brand-200 hover:bg-brand-50';

export default function PlannedPage() {
  const { pathname } = useLocation();
  const profile = useProfile();
  const { title, does } = describe(pathname);
  const isHost = profile.data?.host_user === 1;
  return (
    <div className="mx-auto max-w-xl px-4 py-14 text-center sm:py-20">
      <DocumentTitle title={title} />
      <span aria-hidden="true" className="mx-auto flex size-16 items-center justify-center rounded-full bg-amber-50 text-amber-700 ring-8 ring-amber-50/50">
        <Construction className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">
        This part of Parkly is opening soon. It will {does}.
      </p>
      <nav aria-label="What you can do now" className="mt-8 text-left">
        <h2 className="mb-3 text-center text-sm font-semibold text-slate-700">Meanwhile, you can</h2>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <li>
            <Link to={isHost ? '/hosthomes' : '/welcomehost'} className={linkClass}>
              <Store aria-hidden="true" className="size-5 text-brand-700" /> {isHost ? 'Host dashboard' : 'Become a Host'}
            </Link>
          </li>
          <li>
            <Link to="/faq" className={linkClass}>
              <CircleHelp aria-hidden="true" className="size-5 text-brand-700" /> Read the FAQ
            </Link>
          </li>
          <li>
            <Link to="/helper" className={linkClass}>
              <LifeBuoy aria-hidden="true" className="size-5 text-brand-700" /> Help & Support
            </Link>
          </li>
          <li>
            <Link to="/" className={linkClass}>
              <House aria-hidden="true" className="size-5 text-brand-700" /> Home
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
