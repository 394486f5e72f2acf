import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminSupportReplySchema,
  adminSupportResolveSchema,
  SUPPORT_KIND_LABELS,
  SUPPORT_REPLY_MAX,
  type AdminSupportDetail,
  type AdminSupportReply,
  type AdminSupportResolve,
  type SupportKind,
} from '@parkly/shared/admin-support';
import { formatShortDateTime } from '@parkly/shared/time';
import { Info } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { FormAlert, TextAreaField } from '../../../components/ui/form-field';
import { ListNotice } from '../../../components/ui/list-notice';
import { applyServerErrors } from '../../../lib/form-errors';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { AdminPage, AdminPanel, AdminRecord, BackLink } from '../components/admin-page';
import { useSupportMessage } from './api/get-support-message';
import { useReopenSupport } from './api/reopen-support';
import { useReplyToSupport } from './api/reply-to-support';
import { useResolveSupport } from './api/resolve-support';
import { SupportStatusBadge } from './support-status-badge';

/** /admin/support/:kind/:id: the message, and a reply by e-mail (or marking it answered). */
export default function AdminSupportMessagePage() {
  const { kind = 'contact', id = '' } = useParams();
  const message = useSupportMessage(kind, id);
  const [note, setNote] = useState<string | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const announce = (text: string) => {
    setNote(text);
    requestAnimationFrame(() => noteRef.current?.focus());
  };
  const title = message.data ? message.data.subject : 'Support message';
  return (
    <AdminPage title={title} intro={<BackLink to={kind === 'bot' ? '/admin/support?kind=bot' : '/admin/support'}>Back to the inbox</BackLink>}>
      <ListNotice note={note} noteRef={noteRef} error={null} inPanel />
      <div className="mt-4">
        <AdminRecord query={message} loading="Loading the message" missing="This message does not exist.">
          {(item) => <MessageView item={item} onDone={announce} />}
        </AdminRecord>
      </div>
    </AdminPage>
  );
}


function MessageView({ item, onDone }: { item: AdminSupportDetail; onDone: (note: string) => void }) {
  const zone = useDefaultTimeZone();
  return (
    <div className="space-y-4">
      <AdminPanel title={item.kind === 'bot' ? 'Question to the help assistant' : 'Message'}>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-slate-600">Status</dt>
          <dd>
            <SupportStatusBadge status={item.status} />
          </dd>
          <dt className="text-slate-600">From</dt>
          <dd className="break-words text-slate-900">
            {item.name ?? 'A visitor who was not signed in'}
            {item.user_id && (
              <>
                {' '}
                (<Link to={`/admin/users/${item.user_id}`} className="text-brand-700 underline">account</Link>)
              </>
            )}
          </dd>
          <dt className="text-slate-600">E-mail</dt>
          <dd className="break-all text-slate-900">{item.email ? <a href={`mailto:${item.email}`} className="text-brand-700 underline">{item.email}</a> : 'None'}</dd>
          <dt className="text-slate-600">Received</dt>
          <dd className="text-slate-900">{formatShortDateTime(item.created_at, zone)}</dd>
          <dt className="text-slate-600">Inbox</dt>
          <dd className="text-slate-900">{SUPPORT_KIND_LABELS[item.kind]}</dd>
        </dl>
        <p className="mt-4 rounded-lg bg-slate-50 p-4 break-words whitespace-pre-wrap text-slate-800">{item.message}</p>
      </AdminPanel>
      {item.status === 'answered' ? <Answered item={item} onDone={onDone} /> : item.can_email ? <ReplyForm item={item} onDone={onDone} /> : <ResolveForm item={item} onDone={onDone} />}
    </div>
  );
}

function Answered({ item, onDone }: { item: AdminSupportDetail; onDone: (note: string) => void }) {
  const zone = useDefaultTimeZone();
  const reopen = useReopenSupport(item.kind, item.id);
  const [error, setError] = useState<string | null>(null);
  const onReopen = async () => {
    setError(null);
    try {
      await reopen.mutateAsync();
      onDone('The message is open again.');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'It could not be reopened.');
    }
  };
  return (
    <AdminPanel title="Answer">
      <p className="text-sm text-slate-700">
        Answered{item.answered_by ? ` by ${item.answered_by}` : ''}
        {item.answered_at ? ` on ${formatShortDateTime(item.answered_at, zone)}` : ''}.
      </p>
      {item.reply ? <p className="mt-3 rounded-lg bg-brand-50 p-4 break-words whitespace-pre-wrap text-slate-800">{item.reply}</p> : <p className="mt-3 text-sm text-slate-600">Marked answered without a reply.</p>}
      <FormAlert message={error} />
      <Button variant="secondary" className="mt-4" disabled={reopen.isPending} onClick={() => void onReopen()}>
        Reopen
      </Button>
    </AdminPanel>
  );
}

function ReplyForm({ item, onDone }: { item: AdminSupportDetail; onDone: (note: string) => void }) {
  const reply = useReplyToSupport(item.kind, item.id);
  const resolve = useResolveSupport(item.kind, item.id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AdminSupportReply>({ resolver: zodResolver(adminSupportReplySchema), defaultValues: { reply: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reply.mutateAsync(values);
      onDone(`Reply sent by e-mail to ${item.email}.`);
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, ['reply']));
    }
  });
  const markAnswered = async () => {
    setFormError(null);
    try {
      await resolve.mutateAsync({});
      onDone('Marked answered. No e-mail was sent.');
    } catch (err) {
      setFormError(err instanceof Error ? err.message : 'It could not be marked answered.');
    }
  };
  return (
    <AdminPanel title="Reply">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextAreaField
          label="Your reply"
          rows={8}
          maxLength={SUPPORT_REPLY_MAX}
          hint={`Sent by e-mail to ${item.email}, after “${item.name ? `Hello ${item.name},` : 'Hello,'}” and with their message quoted below it.`}
          error={errors.reply?.message}
          {...form.register('reply')}
        />
        <FormAlert message={formError} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending…' : 'Send reply'}
          </Button>
          <Button variant="secondary" disabled={resolve.isPending} onClick={() => void markAnswered()}>
            Mark answered without e-mail
          </Button>
        </div>
      </form>
    </AdminPanel>
  );
}

/** A bot question from a visitor who was not signed in: nobody to e-mail, so it is answered by improving the FAQ. */
function ResolveForm({ item, onDone }: { item: AdminSupportDetail; onDone: (note: string) => void }) {
  const resolve = useResolveSupport(item.kind as SupportKind, item.id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AdminSupportResolve>({ resolver: zodResolver(adminSupportResolveSchema), defaultValues: { note: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await resolve.mutateAsync(values);
      onDone('Marked answered.');
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, ['note']));
    }
  });
  return (
    <AdminPanel title="Answer">
      <p className="flex gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          This visitor was not signed in, so there is no e-mail address to reply to. Answer it for everyone by adding it to the FAQ (the help assistant answers from
          the FAQ), then mark it answered.
        </span>
      </p>
      <Link to={`/admin/content/faq?question=${encodeURIComponent(item.message.slice(0, 300))}`} className={buttonClass('secondary', 'mt-4')}>
        Add it to the FAQ
      </Link>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <TextAreaField label="Note (optional, for the team)" rows={3} maxLength={SUPPORT_REPLY_MAX} error={errors.note?.message} {...form.register('note')} />
        <FormAlert message={formError} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Mark answered'}
        </Button>
      </form>
    </AdminPanel>
  );
}
