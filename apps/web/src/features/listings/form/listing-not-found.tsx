import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { DocumentTitle } from '../../../components/ui/page';

/** A missing, deleted or someone else's listing: said plainly, with the way back to the host's list. */
export function ListingNotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-1 flex-col items-center px-4 py-16 text-center">
      <DocumentTitle title="Listing not found" />
      <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-600">
        <SearchX className="size-7" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Listing not found</h1>
      <p className="mt-2 text-slate-600">This listing does not exist, was deleted, or belongs to another host.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/my-listing" className={buttonClass('primary', 'min-h-11')}>
          Go to My Listing
        </Link>
        <Link to="/add_parking" className={buttonClass('secondary', 'min-h-11')}>
          List a new space
        </Link>
      </div>
    </div>
  );
}
