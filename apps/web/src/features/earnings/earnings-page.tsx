import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-field';
import { Page } from '../../components/ui/page';
import { useAppConfig } from '../../lib/use-app-config';
import { useEarnings } from './api/get-earnings';
import { EarningsTotalsView } from './components/earnings-totals';
import { ListingsTable } from './components/listings-table';
import { MonthlyChart } from './components/monthly-chart';
import { PayoutHistory } from './components/payout-history';
import { PayoutPanel } from './components/payout-panel';
import { StatementsList } from './components/statements-list';
import { TaxIdentityPanel } from '../../components/account/tax-identity-panel';

function Card({ id, title, children, className = '' }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 ${className}`}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** /earning: the host's money from the ledger: totals, 12 months, each space, payouts and where they go. */
export default function EarningsPage() {
  const earnings = useEarnings();
  const commission = useAppConfig().data?.host_commission_percent;
  const intro = `What your spaces have earned after Parkly’s ${commission === undefined ? '' : `${commission}% `}commission. A stay’s earnings become available to pay out once it is over.`;

  if (earnings.isPending) {
    return (
      <Page title="Earnings" intro={intro} width="max-w-6xl">
        <div aria-busy="true" aria-label="Loading your earnings" className="space-y-6">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            {Array.from({ length: 5 }, (_, i) => (
              <div key={i} className="h-24 animate-pulse rounded-2xl bg-slate-100" />
            ))}
          </div>
          <div className="h-72 animate-pulse rounded-2xl bg-slate-100" />
        </div>
      </Page>
    );
  }
  if (earnings.isError) {
    return (
      <Page title="Earnings" intro={intro} width="max-w-6xl">
        <FormAlert message="Your earnings could not be loaded just now." />
        <Button variant="secondary" className="mt-4" onClick={() => void earnings.refetch()}>
          Try again
        </Button>
      </Page>
    );
  }
  const e = earnings.data;
  return (
    <Page title="Earnings" intro={intro} width="max-w-6xl">
      <EarningsTotalsView totals={e.totals} currency={e.currency} />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card id="months-heading" title="Last 12 months" className="min-w-0 lg:col-span-2">
          <MonthlyChart months={e.by_month} currency={e.currency} />
        </Card>
        <PayoutPanel earnings={e} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card id="listings-heading" title="By space" className="min-w-0 lg:col-span-2">
          <ListingsTable listings={e.by_listing} currency={e.currency} />
        </Card>
        <Card id="history-heading" title="Payout history">
          <PayoutHistory payouts={e.payouts} timeZone={e.time_zone} />
        </Card>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card id="statements-heading" title="Monthly statements" className="min-w-0 lg:col-span-2">
          <StatementsList />
        </Card>
        <Card id="gst-heading" title="GST details">
          <TaxIdentityPanel
            path="host/tax-identity"
            intro="Optional. Registered for GST? Your GSTIN and registered name are printed on your monthly statements, and the invoices for your parking become tax invoices in your name instead of bills of supply."
          />
        </Card>
      </div>
    </Page>
  );
}
