import { CARD_BRAND_LABELS, expiryInFuture, PAYMENT_METHODS_MAX, TEST_CARDS, type PaymentMethod } from '@parkly/shared/payment-methods';
import { CreditCard, FlaskConical, Plus, Smartphone, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-field';
import { ListNotice } from '../../components/ui/list-notice';
import { DocumentTitle } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { useAppConfig } from '../../lib/use-app-config';
import { useListActions } from '../../lib/use-list-actions';
import { useAddPaymentMethod } from './api/add-payment-method';
import { useDeletePaymentMethod } from './api/delete-payment-method';
import { usePaymentMethods } from './api/get-payment-methods';
import { useSetDefaultPaymentMethod } from './api/set-default-payment-method';
import { CardForm } from './components/card-form';

const panel = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const cardName = (c: PaymentMethod) => `${CARD_BRAND_LABELS[c.brand]} •••• ${c.last4}`;
const expiry = (c: PaymentMethod) => `${String(c.exp_month).padStart(2, '0')}/${String(c.exp_year).slice(-2)}`;

function CardRow({
  card: c,
  otherProvider,
  onDelete,
  onMakeDefault,
  busy,
}: {
  card: PaymentMethod;
  /** saved with a provider the site no longer pays through: it cannot pay (decision 032) */
  otherProvider: boolean;
  onDelete: (button: HTMLButtonElement) => void;
  onMakeDefault: () => void;
  busy: boolean;
}) {
  const expired = !expiryInFuture(c.exp_month, c.exp_year);
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <span aria-hidden="true" className="flex h-10 w-14 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-slate-700 to-slate-900 text-white">
          <CreditCard className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">{cardName(c)}</span>
            {c.is_default && (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900 ring-1 ring-emerald-200 ring-inset">
                <Star aria-hidden="true" className="size-3" /> Default
              </span>
            )}
            {expired && <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-red-200 ring-inset">Expired</span>}
            {otherProvider && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset">Not usable now</span>}
          </p>
          <p className="text-sm text-slate-600">
            {expired ? 'Expired' : 'Expires'} {expiry(c)}
          </p>
          {otherProvider && <p className="text-sm text-slate-600">Saved with the payment provider this site used before; it cannot pay for new bookings.</p>}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {!c.is_default && !expired && !otherProvider && (
          <Button variant="secondary" disabled={busy} onClick={onMakeDefault} aria-label={`Make ${cardName(c)} the default`}>
            <Star aria-hidden="true" className="size-4" /> Make default
          </Button>
        )}
        <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={(e) => onDelete(e.currentTarget)} aria-label={`Delete ${cardName(c)}`}>
          <Trash2 aria-hidden="true" className="size-4" /> Delete
        </Button>
      </div>
    </li>
  );
}

function RazorpayNote() {
  return (
    <aside aria-labelledby="razorpay-heading" className="rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
      <h2 id="razorpay-heading" className="flex items-center gap-2 font-semibold">
        <Smartphone aria-hidden="true" className="size-4" /> You pay with Razorpay
      </h2>
      <p className="mt-1">
        At checkout you pay in Razorpay's window: UPI, cards, netbanking or wallets. Razorpay remembers your cards and UPI IDs itself, by your phone number, so
        there is nothing to save here.
      </p>
    </aside>
  );
}

function SimulatedNote() {
  return (
    <aside aria-labelledby="test-cards-heading" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
      <h2 id="test-cards-heading" className="flex items-center gap-2 font-semibold">
        <FlaskConical aria-hidden="true" className="size-4" /> Test payments
      </h2>
      <p className="mt-1">
        In this build cards are handled by a simulated provider: no real money moves. Use the test card{' '}
        <span className="font-mono font-semibold whitespace-nowrap">{TEST_CARDS.success}</span> with any future expiry and any 3-digit CVC.{' '}
        <span className="font-mono whitespace-nowrap">{TEST_CARDS.declined}</span> is always declined.
      </p>
    </aside>
  );
}

/** /payment_card: the driver's saved cards: add one, delete one (after a confirmation), choose the default. */
export default function PaymentCardsPage() {
  const cards = usePaymentMethods();
  const add = useAddPaymentMethod();
  const setDefault = useSetDefaultPaymentMethod();
  const remove = useDeletePaymentMethod();
  const [adding, setAdding] = useState(false);
  const { toDelete, setToDelete, askDelete, note, noteRef, actionError, announce, run } = useListActions<PaymentMethod>();
  const list = cards.data ?? [];
  const provider = useAppConfig().data?.payment_provider;
  // the test cards only mean something to the simulated provider
  const simulated = provider === 'simulated';
  // Razorpay Checkout keeps its own saved cards and UPI IDs: none is added here
  const canAdd = provider !== 'razorpay';

  const done = (text: string) => {
    setAdding(false);
    announce(text);
  };
  const confirmDelete = async () => {
    if (!toDelete) return;
    const ok = await run(async () => {
      await remove.mutateAsync(toDelete.id);
      return `${cardName(toDelete)} was deleted.`;
    });
    if (ok) setAdding(false);
    setToDelete(null);
  };
  const makeDefault = async (c: PaymentMethod) => {
    const ok = await run(async () => {
      await setDefault.mutateAsync(c.id);
      return `${cardName(c)} is now your default card.`;
    });
    if (ok) setAdding(false);
  };

  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <DocumentTitle title="Payment cards" />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Payment cards</h1>
            <p className="mt-1 text-slate-600">The cards you pay for parking with. Your default card is chosen for you at checkout.</p>
          </div>
          {canAdd && list.length > 0 && !adding && list.length < PAYMENT_METHODS_MAX && (
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" className="size-4" /> Add a card
            </Button>
          )}
        </div>
        {(simulated || provider === 'razorpay') && <div className="mt-6">{simulated ? <SimulatedNote /> : <RazorpayNote />}</div>}
        <ListNotice note={note} noteRef={noteRef} error={actionError} />
        <div className="mt-6 space-y-4">
          {adding && (
            <section aria-labelledby="add-card-heading" className={panel}>
              <h2 id="add-card-heading" className="mb-4 text-lg font-semibold text-slate-900">
                Add a card
              </h2>
              <CardForm
                askDefault={list.length > 0}
                onCancel={() => setAdding(false)}
                onSave={async (values) => {
                  const c = await add.mutateAsync(values);
                  done(`${cardName(c)} was added.`);
                }}
              />
            </section>
          )}
          {cards.isPending ? (
            <Spinner label="Loading your cards" />
          ) : cards.isError ? (
            <div className="space-y-3">
              <FormAlert message={`We could not load your cards. ${cards.error.message}`} />
              <Button variant="secondary" onClick={() => void cards.refetch()}>
                Try again
              </Button>
            </div>
          ) : list.length === 0 ? (
            !adding &&
            canAdd && (
              <div className="rounded-2xl border border-dashed border-brand-200 bg-gradient-to-br from-brand-50 to-white px-6 py-12 text-center">
                <span aria-hidden="true" className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-sm">
                  <CreditCard className="size-7" />
                </span>
                <h2 className="mt-4 text-xl font-semibold text-slate-900">No saved cards</h2>
                <p className="mx-auto mt-2 max-w-md text-slate-600">Save a card to pay for a booking in one tap. You can also pay with a new card at checkout without saving it.</p>
                <Button className="mt-6" onClick={() => setAdding(true)}>
                  <Plus aria-hidden="true" className="size-4" /> Add a card
                </Button>
              </div>
            )
          ) : (
            <ul aria-label="Your cards" className="space-y-3">
              {list.map((c) => (
                <CardRow
                  key={c.id}
                  card={c}
                  otherProvider={provider !== undefined && c.provider !== provider}
                  busy={setDefault.isPending}
                  onMakeDefault={() => void makeDefault(c)}
                  onDelete={(button) => {
                    askDelete(c, button);
                  }}
                />
              ))}
            </ul>
          )}
          {canAdd && list.length >= PAYMENT_METHODS_MAX && <p className="text-sm text-slate-600">You can keep up to {PAYMENT_METHODS_MAX} cards. Delete one to add another.</p>}
        </div>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this card?"
        description={toDelete ? `${cardName(toDelete)} will be removed from your saved cards. Bookings already paid with it are not changed.` : undefined}
        confirmLabel="Delete"
        busyLabel="Please wait..."
        busy={remove.isPending}
        danger
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
