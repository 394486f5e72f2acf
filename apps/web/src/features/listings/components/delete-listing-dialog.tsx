import type { ListingSummary } from '@parkly/shared/listings';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { useDeleteListing } from '../api/delete-listing';
import { listingTitle } from '../../../lib/listing-labels';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Please try again.');

/**
 * Asks before deleting a listing (DELETE parkings/:id). It lives on the page, not in the card: the
 * card disappears on success, and the page still has to say so. A refusal (409: upcoming bookings)
 * shows inside the dialog.
 */
export function DeleteListingDialog({ listing, onClose, onDeleted }: { listing: ListingSummary | null; onClose: () => void; onDeleted: (title: string) => void }) {
  const remove = useDeleteListing();
  const title = listing ? listingTitle(listing) : '';
  return (
    <ConfirmDialog
      open={listing !== null}
      onOpenChange={(open) => {
        if (open) return;
        remove.reset();
        onClose();
      }}
      title="Delete this listing?"
      description={
        <>
          “{title}” will be taken off Parkly and drivers will no longer find it. This cannot be undone.
          {remove.error && (
            <span role="alert" className="mt-3 block rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">
              {messageOf(remove.error)}
            </span>
          )}
        </>
      }
      confirmLabel="Delete listing"
      busyLabel="Deleting…"
      busy={remove.isPending}
      danger
      onConfirm={() => {
        if (!listing) return;
        remove.mutate(listing.id, {
          onSuccess: () => {
            remove.reset();
            onDeleted(title);
          },
        });
      }}
    />
  );
}
