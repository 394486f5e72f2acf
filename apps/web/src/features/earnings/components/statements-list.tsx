import { API_BASE } from '@parkly/shared/constants';
import { monthLabel } from '@parkly/shared/earnings';
import { FileSpreadsheet, FileText } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';
import { statementPath, useDownloadStatement, type StatementFormat } from '../api/download-statement';
import { useStatements } from '../api/get-statements';

const FORMATS: { format: StatementFormat; label: string; icon: typeof FileText }[] = [
  { format: 'pdf', label: 'PDF', icon: FileText },
  { format: 'csv', label: 'CSV', icon: FileSpreadsheet },
];

/** Each month with activity, newest first: its net and payouts (the PDF's figures) and its PDF and CSV. */
export function StatementsList() {
  const statements = useStatements();
  const download = useDownloadStatement();
  const [error, setError] = useState<string | null>(null);

  if (statements.isPending) return <div aria-busy="true" aria-label="Loading your statements" className="h-24 animate-pulse rounded-xl bg-slate-100" />;
  if (statements.isError) return <FormAlert message="Your statements could not be loaded just now." />;
  if (!statements.data.length) return <p className="text-sm text-slate-600">A statement shows here for each month with a booking, a refund or a payout.</p>;

  const onClick = (event: MouseEvent, month: string, format: StatementFormat) => {
    // the file is behind the token: fetched with it, then saved
    event.preventDefault();
    setError(null);
    download.mutate(
      { month, format },
      { onError: (err) => setError(err instanceof ApiError ? err.message : 'The statement could not be downloaded. Please try again.') },
    );
  };

  return (
    <div>
      <ul className="divide-y divide-slate-100">
        {statements.data.map((s) => {
          const label = monthLabel(s.month);
          return (
            <li key={s.month} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{label}</p>
                <p className="text-sm text-slate-600 tabular-nums">
                  Net {formatMoney(s.net, s.currency)} · {s.bookings} {s.bookings === 1 ? 'booking' : 'bookings'} · paid out {formatMoney(s.paid_out, s.currency)}
                </p>
              </div>
              <div className="flex gap-2">
                {FORMATS.map(({ format, label: text, icon: Icon }) => (
                  <a
                    key={format}
                    href={`${API_BASE}/${statementPath(s.month, format)}`}
                    download
                    aria-label={`${label} statement (${text})`}
                    onClick={(e) => onClick(e, s.month, format)}
                    className="inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                  >
                    <Icon aria-hidden="true" className="size-4" />
                    {text}
                  </a>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
      {error && (
        <div className="mt-3">
          <FormAlert message={error} />
        </div>
      )}
    </div>
  );
}
