import type { AdminIdDocument } from '@parkly/shared/admin-verification';
import { formatShortDateTime } from '@parkly/shared/time';
import { BadgeCheck, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { VerificationBadge } from '../../../components/account/verification-status';
import { Button } from '../../../components/ui/button';
import { ListNotice } from '../../../components/ui/list-notice';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { useListActions } from '../../../lib/use-list-actions';
import { AdminPage, AdminPanel, AdminRecord, BackLink } from '../components/admin-page';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { useApproveId } from './approve-id';
import { useIdDocument } from './get-id-document';
import { useRejectId } from './reject-id';
import { fileKind, fileSize } from './id-document-facts';
import { IdDocumentView } from './id-document-view';

const backLink = <BackLink to="/admin/verification">All ID checks</BackLink>;

/** /admin/verification/:id: one uploaded ID, the document itself, and Approve / Reject. */
export default function AdminIdReviewPage() {
  const { id = '' } = useParams();
  const doc = useIdDocument(id);
  if (!doc.data) {
    return (
      <AdminPage title="ID check">
        <div className="space-y-4">
          <AdminRecord query={doc} loading="Loading the document" missing="There is no such ID document. The account may have been deleted." />
          {backLink}
        </div>
      </AdminPage>
    );
  }
  return <ReviewView doc={doc.data} />;
}

function ReviewView({ doc }: { doc: AdminIdDocument }) {
  const zone = useDefaultTimeZone();
  const actions = useListActions<never>();
  const approve = useApproveId();
  const reject = useRejectId();
  const [rejecting, setRejecting] = useState(false);
  const canReview = doc.status === 'pending' && doc.is_latest;

  return (
    <AdminPage
      title={`ID of ${doc.user.name}`}
      intro={<VerificationBadge status={doc.status} />}
      actions={
        canReview && (
          <>
            <Button
              disabled={approve.isPending}
              onClick={() => void actions.run(async () => (await approve.mutateAsync(doc.id), `Approved: ${doc.user.name} is now a verified host.`))}
            >
              <BadgeCheck aria-hidden="true" className="size-4" /> {approve.isPending ? 'Approving…' : 'Approve'}
            </Button>
            <Button variant="danger" onClick={() => setRejecting(true)}>
              <XCircle aria-hidden="true" className="size-4" /> Reject
            </Button>
          </>
        )
      }
    >
      <div className="space-y-4">
        {backLink}
        <ListNotice note={actions.note} noteRef={actions.noteRef} error={actions.actionError} inPanel />
        {!doc.is_latest && <p className="text-sm text-slate-700">This person has uploaded a newer document since: review that one instead.</p>}
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <AdminPanel title="Document">
            <IdDocumentView doc={doc} />
          </AdminPanel>
          <AdminPanel title="Details">
            <Facts
              rows={[
                ['Name', <Link to={`/admin/users/${encodeURIComponent(doc.user.id)}`} className="font-medium text-brand-800 underline underline-offset-2">{doc.user.name}</Link>],
                ['E-mail', <span className="break-all">{doc.user.email}</span>],
                ['Host', doc.user.host_user ? 'Yes' : 'No'],
                ['Sent', formatShortDateTime(doc.uploaded_at, zone)],
                ['File', `${fileKind(doc.mime_type)}, ${fileSize(doc.size_bytes)}`],
                ['Account ID status', <VerificationBadge status={doc.user.id_verification_status} />],
                ...(doc.reviewed_at ? ([['Reviewed', `${formatShortDateTime(doc.reviewed_at, zone)}${doc.reviewer ? ` by ${doc.reviewer.name}` : ''}`]] as [string, ReactNode][]) : []),
                ...(doc.review_reason ? ([['Reason', <span className="whitespace-pre-line">{doc.review_reason}</span>]] as [string, ReactNode][]) : []),
              ]}
            />
          </AdminPanel>
        </div>
      </div>
      <ReasonDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={`Reject the ID of ${doc.user.name}`}
        description="They are told the reason and asked to upload their ID again."
        label="Reason (the person sees this)"
        confirmLabel="Reject ID"
        danger
        onConfirm={async (reason) => {
          await reject.mutateAsync({ id: doc.id, reason });
          actions.announce(`Rejected: ${doc.user.name} has been asked to upload their ID again.`);
        }}
      />
    </AdminPage>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="space-y-3 text-sm">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt className="text-slate-600">{k}</dt>
          <dd className="mt-0.5 text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
