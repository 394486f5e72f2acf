import { CircleParking, House, Search } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../ui/button';
import { DocumentTitle } from '../ui/page';

/**
 * A paused, draft, deleted or unknown listing: the public sees a calm "not available", with the way
 * on to other parking, not an error.
 */
export function NotAvailable({ title }: { title?: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:py-24">
      <DocumentTitle title="Space not available" />
      <span aria-hidden="true" className="mx-auto flex size-20 items-center justify-center rounded-full bg-slate-100 text-slate-500 ring-8 ring-slate-50">
        <CircleParking className="size-10" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">This space is not available</h1>
      <p className="mt-3 text-slate-600">
        {title ? (
          <>
            <span className="font-medium text-slate-800">{title}</span> is not taking bookings right now. The host may open it again later.
          </>
        ) : (
          'It may have been taken off Parkly, or the link is not quite right.'
        )}{' '}
        There are plenty of other spaces nearby.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/parking" className={buttonClass('primary', 'min-h-11 px-5')}>
          <Search aria-hidden="true" className="size-4" /> Find other parking
        </Link>
        <Link to="/" className={buttonClass('secondary', 'min-h-11 px-5')}>
          <House aria-hidden="true" className="size-4" /> Go to the home page
        </Link>
      </div>
    </div>
  );
}
