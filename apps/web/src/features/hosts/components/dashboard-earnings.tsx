import { useQuery } from '@tanstack/react-query';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/money';
import { earningsQueryOptions } from '../../earnings/api/get-earnings';
import { DASHBOARD_REFRESH_MS } from '../api/get-host-dashboard';
import { DashboardCard } from './dashboard-booking-row';

/** 'December 2026' for '2026-12' (a calendar month: no zone applies). */
function monthName(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(Date.UTC(y, m - 1, 15)));
}

function Change({ now, before, currency }: { now: number; before: number; currency: string }) {
  if (now === before) return <p className="text-sm text-slate-600">The same as last month so far.</p>;
  const up = now > before;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <p className={`flex items-center gap-1.5 text-sm font-medium ${up ? 'text-emerald-800' : 'text-slate-700'}`}>
      <Icon aria-hidden="true" className="size-4" />
      {formatMoney(Math.abs(now - before), currency)} {up ? 'more' : 'less'} than last month
    </p>
  );
}

/** This month's net earnings beside last month's, from the ledger (GET host/earnings), and what can be paid out. */
export function DashboardEarnings() {
  const earnings = useQuery({ ...earningsQueryOptions(), refetchInterval: DASHBOARD_REFRESH_MS });
  const link = (
    <Link to="/earning" className="inline-flex min-h-10 items-center text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
      Earning
    </Link>
  );
  if (earnings.isPending) {
    return (
      <DashboardCard id="host-earnings" title="Earnings" aside={link}>
        <div aria-hidden="true" className="h-20 animate-pulse rounded-xl bg-slate-100" />
      </DashboardCard>
    );
  }
  if (earnings.isError) {
    return (
      <DashboardCard id="host-earnings" title="Earnings" aside={link}>
        <p className="text-sm text-slate-600">Your earnings could not be loaded just now. They are on the Earning page.</p>
      </DashboardCard>
    );
  }
  const { this_month, last_month, totals, currency } = earnings.data;
  return (
    <DashboardCard id="host-earnings" title="Earnings" aside={link}>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-brand-50 px-3 py-2.5">
          <dt className="text-xs font-medium text-brand-900">{monthName(this_month.month)}</dt>
          <dd className="text-xl font-bold text-brand-900 tabular-nums">{formatMoney(this_month.net, currency)}</dd>
        </div>
        <div className="rounded-xl bg-slate-50 px-3 py-2.5">
          <dt className="text-xs font-medium text-slate-600">{monthName(last_month.month)}</dt>
          <dd className="text-xl font-bold text-slate-900 tabular-nums">{formatMoney(last_month.net, currency)}</dd>
        </div>
      </dl>
      <div className="mt-3 space-y-1">
        <Change now={this_month.net} before={last_month.net} currency={currency} />
        <p className="text-sm text-slate-600">
          Net, after Parkly’s commission. Available to pay out: <span className="font-semibold text-slate-900">{formatMoney(totals.available, currency)}</span>
        </p>
      </div>
    </DashboardCard>
  );
}
