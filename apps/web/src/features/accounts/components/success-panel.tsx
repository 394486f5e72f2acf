import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

/** A confirmation inside a card: a check mark, a heading, the server's message and what to do next. */
export function SuccessPanel({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <div role="status" className="rounded-xl border border-brand-200 bg-brand-50 p-5">
      <div className="flex gap-3">
        <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
        <div>
          <p className="font-semibold text-slate-900">{title}</p>
          <p className="mt-1 text-sm text-slate-700">{message}</p>
        </div>
      </div>
      {children && <div className="mt-4">{children}</div>}
    </div>
  );
}
