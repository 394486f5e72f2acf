import type { AdminHealth } from '@parkly/shared/admin';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { AdminPage, AdminPanel, AdminRecord } from '../components/admin-page';
import { useAdminHealth } from './get-health';

const JOB_NAMES: Record<string, string> = {
  'mail-outbox': 'E-mail outbox',
  'booking-lifecycle': 'Booking lifecycle (holds, completions, reminders, retries)',
  'realtime-prune': 'Realtime event clean-up',
  'message-digest': 'New-message e-mail digest',
  'push-outbox': 'Push outbox sweep (retries, pushes a stopped instance left)',
  'razorpayx-payouts': 'RazorpayX payouts (schedules, payouts not sent yet)',
  'razorpay-reconcile': 'Razorpay reconciliation (payments and payouts whose webhook did not come)',
};

const dateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' }) : 'never');

function bytes(n: number | null) {
  if (n === null) return 'not measured (embedded)';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${v.toFixed(i ? 1 : 0)} ${units[i]}`;
}

/** /admin/operations: is mail going out, are the background jobs running, is push failing. */
export default function OperationsPage() {
  const health = useAdminHealth();
  return (
    <AdminPage title="Operations" intro="The state of the running service, refreshed every 30 seconds.">
      <AdminRecord query={health} loading="Loading">
        {(h) => <HealthView h={h} />}
      </AdminRecord>
    </AdminPage>
  );
}

function HealthView({ h }: { h: AdminHealth }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <AdminPanel title="Database">
        <Facts
          rows={[
            ['Kind', h.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'],
            ['Size', bytes(h.database.size_bytes)],
            ['This instance up for', `${Math.floor(h.uptime_seconds / 3600)} h ${Math.floor((h.uptime_seconds % 3600) / 60)} min`],
          ]}
        />
      </AdminPanel>
      <AdminPanel title="E-mail outbox">
        <Facts
          rows={[
            ['Waiting to be sent', String(h.outbox.waiting)],
            ['Oldest waiting since', dateTime(h.outbox.oldest_waiting_at)],
            ['Given up (failed)', String(h.outbox.failed)],
          ]}
        />
        <State ok={h.outbox.failed === 0} okText="No e-mail has failed for good." badText="Some e-mail could not be delivered after every retry." />
      </AdminPanel>
      <AdminPanel title="Background jobs" className="lg:col-span-2">
        {h.jobs.length === 0 ? (
          <p className="text-sm text-slate-600">No job has run yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {h.jobs.map((j) => (
              <li key={j.name} className="py-3 text-sm">
                <div className="flex gap-2">
                  {j.last_error ? (
                    <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-700" aria-label="Failing" />
                  ) : (
                    <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-label="Working" />
                  )}
                  <div className="min-w-0">
                    <span className="font-medium text-slate-900">{JOB_NAMES[j.name] ?? j.name}</span>{' '}
                    <span className="text-slate-600">· last run {dateTime(j.last_run_at)}</span>
                    {j.last_error && (
                      <p className="mt-1 text-red-800">
                        Last run failed: {j.last_error} (last success {dateTime(j.last_ok_at)})
                      </p>
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>
      <AdminPanel title="Push notifications">
        <Facts
          rows={[
            ['Subscribed browsers', String(h.push.subscriptions)],
            ['Failed deliveries since this instance started', String(h.push.failures)],
          ]}
        />
      </AdminPanel>
      <AdminPanel title="Realtime">
        <Facts rows={[['Open connections on this instance', String(h.realtime.sockets)]]} />
      </AdminPanel>
    </div>
  );
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid grid-cols-[minmax(9rem,1fr)_auto] gap-x-4 gap-y-2 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-600">{k}</dt>
          <dd className="text-right font-medium text-slate-900 tabular-nums">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function State({ ok, okText, badText }: { ok: boolean; okText: string; badText: string }) {
  return (
    <p className={`mt-3 flex items-center gap-2 text-sm ${ok ? 'text-emerald-800' : 'text-red-800'}`}>
      {ok ? <CircleCheck className="size-4" aria-hidden="true" /> : <CircleAlert className="size-4" aria-hidden="true" />}
      {ok ? okText : badText}
    </p>
  );
}
