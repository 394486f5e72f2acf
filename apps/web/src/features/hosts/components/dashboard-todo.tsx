import type { IdStatus } from '@parkly/shared/accounts';
import { CircleCheck, FilePen } from 'lucide-react';
import { Link } from 'react-router';
import { needsUpload, VerificationStatus } from '../../../components/account/verification-status';
import { plural } from '../../../lib/listing-labels';
import { DashboardCard } from './dashboard-booking-row';

/**
 * What the host still has to do: a draft to finish, an ID to upload. The ID's status is always shown
 * (its own region, with the upload link while one is needed); a first space is asked for beside this.
 */
export function DashboardTodo({ drafts, idStatus }: { drafts: number; idStatus: IdStatus }) {
  const idTodo = needsUpload(idStatus);
  return (
    <DashboardCard id="host-todo" title="What needs doing">
      <div className="space-y-3">
        {drafts === 0 && !idTodo && (
          <p className="flex items-center gap-2 py-1 text-sm text-slate-700">
            <CircleCheck aria-hidden="true" className="size-5 text-emerald-700" /> Nothing right now: you are all set.
          </p>
        )}
        {drafts > 0 && (
          <Link to="/my-listing" className="group flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50/50 p-3 hover:border-brand-200 hover:bg-brand-50">
            <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white text-brand-700">
              <FilePen className="size-4" />
            </span>
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900">{drafts === 1 ? 'Finish your draft listing' : `Finish your ${plural(drafts, 'draft listing')}`}</span>
              <span className="block text-sm text-slate-600">A draft is not shown to drivers until you publish it.</span>
            </span>
          </Link>
        )}
        <section aria-labelledby="host-verification" className={idTodo ? 'rounded-xl border border-amber-200 bg-amber-50/50 p-3' : 'border-t border-slate-100 pt-3'}>
          <h3 id="host-verification" className="mb-2 text-sm font-semibold text-slate-900">
            ID verification
          </h3>
          <VerificationStatus status={idStatus} />
        </section>
      </div>
    </DashboardCard>
  );
}
