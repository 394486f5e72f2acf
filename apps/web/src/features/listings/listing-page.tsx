import { RefreshCw } from 'lucide-react';
import { useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { DocumentTitle } from '../../components/ui/page';
import { ApiError } from '../../lib/api-client';
import { usePublicListing } from './api/get-public-listing';
import { ListingSkeleton } from './public/listing-skeleton';
import { ListingView } from './public/listing-view';
import { NotAvailable } from '../../components/parking/not-available';

function LoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-20 text-center">
      <DocumentTitle title="Space could not be loaded" />
      <h1 className="text-2xl font-bold text-slate-900">We could not load this space</h1>
      <p className="mt-3 text-slate-600">Check your connection and try again.</p>
      <Button className="mt-6" onClick={onRetry} disabled={retrying}>
        <RefreshCw aria-hidden="true" className={`size-4 ${retrying ? 'animate-spin' : ''}`} /> Try again
      </Button>
    </div>
  );
}

/** /parking/:parking_id: the public page of a space; anything the public may not see is "not available". */
export default function ListingPage() {
  const { parking_id = '' } = useParams();
  const listing = usePublicListing(parking_id);

  if (listing.isPending) return <ListingSkeleton />;
  if (listing.isError) {
    if (listing.error instanceof ApiError && listing.error.code === 'NOT_FOUND') return <NotAvailable />;
    return <LoadFailed onRetry={() => void listing.refetch()} retrying={listing.isFetching} />;
  }
  if (!listing.data.available) return <NotAvailable title={listing.data.title} />;
  return <ListingView key={listing.data.id} listing={listing.data} />;
}
