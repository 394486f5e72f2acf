import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../components/ui/page';

/** The frame of the sign-up, login and password screens: a centred card on a soft tinted background. */
export function AuthCard({ title, subtitle, icon, children, footer }: { title: string; subtitle?: ReactNode; icon: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 via-white to-white px-4 py-10 sm:py-16">
      <DocumentTitle title={title} />
      <div className="mx-auto w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white shadow-sm">
            {icon}
          </span>
          <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <div className="mt-1.5 text-slate-600">{subtitle}</div>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-slate-700">{footer}</div>}
      </div>
    </div>
  );
}
