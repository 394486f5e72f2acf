import type { ManagedListing } from '@parkly/shared/listings';
import { ExternalLink, Pause, Play, Rocket, Wand2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { usePauseListing } from '../api/pause-listing';
import { usePublishListing } from '../api/publish-listing';
import { useResumeListing } from '../api/resume-listing';
import { ListingStatusBadge } from '../../../components/parking/listing-status-badge';
import { MissingList } from './missing-list';
import { focusFirstError } from './use-section-save';
import type { SectionKey } from './sections';

const STATUS_TEXT: Record<ManagedListing['status'], string> = {
  draft: 'Only you can see this draft. Publish it when it is ready.',
  pending_review: 'Our team is reviewing this listing. It goes live once approved.',
  active: 'Live: drivers can find and book it.',
  paused: 'Paused: hidden from search and not taking new bookings. Existing bookings stay.',
  rejected: 'This listing was not approved. Contact support to have it reviewed again.',
  suspended: 'Parkly has taken this listing down: it is hidden from search and takes no new bookings. Contact support about it.',
  deleted: 'This listing was deleted.',
};

/** The listing's status and what can be done about it: publish, pause, resume, view the public page. */
export function StatusPanel({ listing, sectionHref }: { listing: ManagedListing; sectionHref: (s: SectionKey) => string }) {
  const publish = usePublishListing();
  const pause = usePauseListing();
  const resume = useResumeListing();
  const [missing, setMissing] = useState<Record<string, string> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = publish.isPending || pause.isPending || resume.isPending;
  const panel = useRef<HTMLElement>(null);

  const run = async (action: (id: string) => Promise<unknown>) => {
    setMissing(null);
    setError(null);
    try {
      await action(listing.id);
    } catch (err) {
      if (err instanceof ApiError && err.errors && Object.keys(err.errors).length) {
        setMissing(err.errors);
        focusFirstError(panel.current);
      } else setError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    }
  };

  const { status } = listing;
  const visible = status === 'active' || status === 'paused';
  return (
    <section ref={panel} aria-labelledby="listing-status" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id="listing-status" className="flex items-center gap-2 text-sm font-semibold text-slate-600">
            Status <ListingStatusBadge status={status} />
          </h2>
          <p className="mt-2 text-slate-700" aria-live="polite">
            {STATUS_TEXT[status]}
          </p>
          {(status === 'suspended' || status === 'rejected') && listing.moderation_reason && (
            <p className="mt-2 whitespace-pre-line text-slate-700">
              <span className="font-semibold text-slate-900">Reason from Parkly:</span> {listing.moderation_reason}
            </p>
          )}
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          {status === 'draft' && (
            <>
              <Link to={`/add_parking?id=${encodeURIComponent(listing.id)}`} className={buttonClass('secondary', 'min-h-11 flex-1 px-3 whitespace-nowrap sm:flex-none sm:px-4')}>
                <Wand2 aria-hidden="true" className="size-4" /> Continue setup
              </Link>
              <Button className="min-h-11 flex-1 px-3 whitespace-nowrap sm:flex-none sm:px-4" disabled={busy} onClick={() => void run(publish.mutateAsync)}>
                <Rocket aria-hidden="true" className="size-4" /> {publish.isPending ? 'Publishing…' : 'Publish'}
              </Button>
            </>
          )}
          {status === 'active' && (
            <Button variant="secondary" className="min-h-11 flex-1 px-3 whitespace-nowrap sm:flex-none sm:px-4" disabled={busy} onClick={() => void run(pause.mutateAsync)}>
              <Pause aria-hidden="true" className="size-4" /> {pause.isPending ? 'Pausing…' : 'Pause'}
            </Button>
          )}
          {status === 'paused' && (
            <Button className="min-h-11 flex-1 px-3 whitespace-nowrap sm:flex-none sm:px-4" disabled={busy} onClick={() => void run(resume.mutateAsync)}>
              <Play aria-hidden="true" className="size-4" /> {resume.isPending ? 'Resuming…' : 'Resume'}
            </Button>
          )}
          {visible && (
            <Link to={`/parking/${encodeURIComponent(listing.id)}`} className={buttonClass('secondary', 'min-h-11 flex-1 px-3 whitespace-nowrap sm:flex-none sm:px-4')}>
              <ExternalLink aria-hidden="true" className="size-4" /> View public page
            </Link>
          )}
        </div>
      </div>
      {(missing || error || (status === 'draft' && Object.keys(listing.missing).length > 0)) && (
        <div className="mt-4 space-y-3">
          <FormAlert message={error} />
          {missing ? (
            <MissingList alert title="Before going live, please add:" missing={missing} hrefOf={sectionHref} />
          ) : (
            status === 'draft' && <MissingList title="Still needed before you can publish:" missing={listing.missing} hrefOf={sectionHref} />
          )}
        </div>
      )}
    </section>
  );
}
