import type { AdminAuditEntry } from '@parkly/shared/admin-audit';
import { formatShortDateTime } from '@parkly/shared/time';
import { ChevronDown } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { AdminPage } from '../components/admin-page';
import { useAdminList } from '../components/use-admin-list';
import { useAdminAudit } from './get-audit';
import { AdminListResults } from '../components/admin-list';

const FILTERS = ['action', 'actor', 'subject'] as const;

/** /admin/audit: every admin action, newest first: who, what, when, on what, why, before and after. */
export default function AdminAuditPage() {
  const list = useAdminList();
  const audit = useAdminAudit(list.apiQuery([...FILTERS]));
  return (
    <AdminPage title="Audit log" intro="Every admin action with who did it, when, why, and the state before and after. Newest first.">
      <AuditFilters q={list.q} values={{ action: list.filter('action'), actor: list.filter('actor'), subject: list.filter('subject') }} />
      <AdminListResults
        query={audit}
        title="Entries"
        loading="Loading the audit log"
        empty={list.apiQuery([...FILTERS]) ? 'Nothing in the log matches.' : 'No admin action has been logged yet.'}
        onPage={list.setPage}
      >
        {(rows) => (
          <ul className="divide-y divide-slate-100">
            {rows.map((e) => (
              <AuditItem key={e.id} entry={e} />
            ))}
          </ul>
        )}
      </AdminListResults>
    </AdminPage>
  );
}

/** The words and the three filters, applied together (one change of the address, back at page one). */
function AuditFilters({ q, values }: { q: string; values: Record<(typeof FILTERS)[number], string> }) {
  const [, setParams] = useSearchParams();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const name of ['q', ...FILTERS]) {
      const v = String(form.get(name) ?? '').trim();
      if (v) next.set(name, v);
    }
    setParams(next, { replace: true });
  };
  // keyed by the address, so going back or following a link shows what is applied
  const key = [q, values.action, values.actor, values.subject].join('\u0000');
  return (
    <form key={key} role="search" aria-label="Search the audit log" onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
      <TextField label="Words" name="q" type="search" defaultValue={q} maxLength={200} placeholder="Reason, title, e-mail…" />
      <TextField label="Action starts with" name="action" defaultValue={values.action} maxLength={100} placeholder="user. or user.suspend" />
      <TextField label="Done by (name or e-mail)" name="actor" defaultValue={values.actor} maxLength={200} />
      <TextField label="Subject id" name="subject" defaultValue={values.subject} maxLength={200} />
      <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit">Search</Button>
        {(q || values.action || values.actor || values.subject) && (
          <Button variant="secondary" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}

const subjectLink = (e: AdminAuditEntry) => (e.subject_type === 'user' && e.subject_id ? `/admin/users/${e.subject_id}` : null);

/** One entry: a line that says what happened, opening to the reason and the state before and after. */
function AuditItem({ entry: e }: { entry: AdminAuditEntry }) {
  const zone = useDefaultTimeZone();
  const link = subjectLink(e);
  return (
    <li>
      <details className="group py-3">
        <summary className="flex cursor-pointer list-none items-start gap-3 rounded-lg px-1 py-1 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
          <ChevronDown aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
          <span className="min-w-0 flex-1 space-y-0.5 text-sm">
            <span className="block">
              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.8rem] font-semibold text-slate-900">{e.action}</code>{' '}
              <span className="text-slate-700">
                on {e.subject_type ?? 'something'} <span className="font-mono text-xs break-all">{e.subject_id ?? ''}</span>
              </span>
            </span>
            <span className="block text-slate-600">
              by {e.actor ? `${e.actor.name} (${e.actor.email || 'no e-mail'})` : 'an account that no longer exists'} ·{' '}
              <time dateTime={e.created_at}>{formatShortDateTime(e.created_at, zone)}</time>
            </span>
            {e.reason && <span className="block break-words text-slate-800">Reason: {e.reason}</span>}
          </span>
        </summary>
        <div className="mt-3 space-y-3 pl-7 text-sm">
          <div className="grid gap-3 md:grid-cols-2">
            <JsonBlock label="Before" value={e.before} />
            <JsonBlock label="After" value={e.after} />
          </div>
          {e.details && <JsonBlock label="Other details" value={e.details} />}
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-slate-600">
            {e.ip && <span>From IP {e.ip}</span>}
            {link && (
              <Link to={link} className="font-medium text-brand-700 underline underline-offset-2">
                Open this user
              </Link>
            )}
            {e.subject_id && (
              <Link to={`/admin/audit?subject=${encodeURIComponent(e.subject_id)}`} className="font-medium text-brand-700 underline underline-offset-2">
                Everything on this {e.subject_type ?? 'subject'}
              </Link>
            )}
          </p>
        </div>
      </details>
    </li>
  );
}

function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</h3>
      {value === null || value === undefined ? (
        <p className="text-slate-600">Nothing recorded</p>
      ) : (
        <pre role="region" aria-label={label} tabIndex={0} className="max-h-72 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-slate-100">
          {JSON.stringify(value, null, 2)}
        </pre>
      )}
    </div>
  );
}
