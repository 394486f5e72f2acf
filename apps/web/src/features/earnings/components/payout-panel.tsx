import type { Earnings } from '@parkly/shared/earnings';
import { Banknote } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';
import { useRequestPayout } from '../api/request-payout';
import { PayoutAccountForm } from './payout-account-form';
import { PayoutScheduleForm } from './payout-schedule-form';
import { ListNotice } from '../../../components/ui/list-notice';

/** What can be paid out, where it goes (masked), and the request with its confirmation. */
export function PayoutPanel({ earnings }: { earnings: Earnings }) {
  const { totals, currency, payout_account: account } = earnings;
  const request = useRequestPayout();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const available = totals.available;
  const canRequest = !!account && available > 0;

  const say = (text: string) => {
    setNote(text);
    setError(null);
    requestAnimationFrame(() => noteRef.current?.focus());
  };
  const onConfirm = () =>
    request.mutate(
      {},
      {
        onSuccess: (p) => {
          setConfirming(false);
          say(
            earnings.automatic_payouts
              ? `Payout of ${formatMoney(p.amount, p.currency)} requested. We are sending it now and will tell you when it arrives.`
              : `Payout of ${formatMoney(p.amount, p.currency)} requested. We will tell you when it is paid.`,
          );
        },
        onError: (err) => {
          setConfirming(false);
          setNote(null);
          setError(err instanceof ApiError ? err.message : 'The payout could not be requested. Please try again.');
        },
      },
    );

  return (
    <section aria-labelledby="payout-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="payout-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Banknote aria-hidden="true" className="size-5 text-brand-700" /> Payouts
      </h2>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm text-slate-600">Available to pay out</p>
          <p className={`text-3xl font-bold tabular-nums ${available < 0 ? 'text-red-700' : 'text-slate-900'}`}>{formatMoney(available, currency)}</p>
        </div>
        <Button onClick={() => setConfirming(true)} disabled={!canRequest} aria-describedby={canRequest ? undefined : 'payout-why-not'}>
          Request payout
        </Button>
      </div>
      {!canRequest && (
        <p id="payout-why-not" className="mt-2 text-sm text-slate-600">
          {!account ? 'Add where payouts should go to request one.' : 'Nothing is available yet: earnings become available once a stay is over.'}
        </p>
      )}
      <ListNotice note={note} noteRef={noteRef} error={error} inPanel />

      <div className="mt-5 border-t border-slate-100 pt-5">
        <h3 className="text-sm font-semibold text-slate-900">Payout account</h3>
        {account && !editing ? (
          <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
            <p className="text-slate-800" data-testid="payout-account">
              {account.label}
              {account.account_holder && <span className="block text-sm text-slate-600">{account.account_holder}</span>}
            </p>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Change
            </Button>
          </div>
        ) : (
          <div className="mt-3">
            <PayoutAccountForm
              automatic={earnings.automatic_payouts}
              onDone={(label) => {
                setEditing(false);
                say(`Payouts will go to ${label}.`);
              }}
              onCancel={account ? () => setEditing(false) : undefined}
            />
          </div>
        )}
      </div>

      {earnings.automatic_payouts && (
        <div className="mt-5 border-t border-slate-100 pt-5">
          <PayoutScheduleForm schedule={earnings.payout_schedule} onSaved={say} />
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Request payout"
        description={
          account
            ? `${formatMoney(available, currency)} will be sent to ${account.label}. ${earnings.automatic_payouts ? 'We send it at once: most bank and UPI transfers arrive within a few hours.' : 'Payouts are usually made within 3 working days.'}`
            : undefined
        }
        confirmLabel={`Request ${formatMoney(Math.max(available, 0), currency)}`}
        busyLabel="Please wait..."
        busy={request.isPending}
        onConfirm={onConfirm}
      />
    </section>
  );
}
