import { ReceiptText } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';

// the form, its schema and the GST rules load only when the driver opens the disclosure
const TaxIdentityPanel = lazy(() => import('../../../components/account/tax-identity-panel').then((m) => ({ default: m.TaxIdentityPanel })));

/** "Add GSTIN for a business invoice": optional, closed by default, saved to the driver's profile. */
export function BusinessInvoice() {
  const [open, setOpen] = useState(false);
  return (
    <details className="group mt-6 rounded-2xl border border-slate-200 bg-white" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="flex min-h-12 cursor-pointer items-center gap-2 rounded-2xl px-5 py-3 font-semibold text-slate-900 hover:bg-slate-50 sm:px-6">
        <ReceiptText aria-hidden="true" className="size-5 text-brand-700" />
        Add GSTIN for a business invoice
      </summary>
      {open && (
        <div className="border-t border-slate-100 px-5 pt-4 pb-5 sm:px-6">
          <Suspense fallback={<Spinner />}>
            <TaxIdentityPanel
              path="profile/tax-identity"
              intro="Optional. Booking for a business? Its GSTIN and registered name are saved to your profile and printed on your invoices, so the business can claim the GST."
            />
          </Suspense>
        </div>
      )}
    </details>
  );
}
